// RFC 3339 timestamps as Kubernetes writes them ("2026-01-01T00:00:00Z", with
// optional fractional seconds and offsets), to and from Unix seconds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kg::model {

/// Unix seconds; fractional seconds are truncated (API timestamps have 1 s resolution).
std::optional<std::int64_t> parse_rfc3339(std::string_view text);
/// "YYYY-MM-DDTHH:MM:SSZ" in UTC.
std::string format_rfc3339(std::int64_t unix_seconds);
/// Why parse_rfc3339 rejected `text` when its date does not exist ("day 31 does not exist:
/// 2026-02 has 28 days", "month 13 does not exist"); empty for any other shape problem.
std::string rfc3339_problem(std::string_view text);
/// ": " + rfc3339_problem(text), or empty: for appending to an error message.
std::string rfc3339_problem_suffix(std::string_view text);

/// [from, to) cut at the starts of calendar months (UTC): one [start, end) per month touched,
/// the first starting at `from` and the last ending at `to`. Empty when to <= from.
std::vector<std::pair<std::int64_t, std::int64_t>> calendar_months(std::int64_t from, std::int64_t to);
/// The start of the calendar month (UTC) holding `t`, and of the month after it.
std::pair<std::int64_t, std::int64_t> calendar_month_of(std::int64_t t);

/// SOURCE_DATE_EPOCH as Unix seconds when it is set to a decimal number (the
/// reproducible-builds convention, https://reproducible-builds.org/specs/source-date-epoch/),
/// nullopt when it is unset, empty or not a number. Outputs that would record "now"
/// (ingest times, migration times, report dates) use it, so tests and rebuilt evidence
/// are identical run to run.
std::optional<std::int64_t> source_date_epoch();
/// SOURCE_DATE_EPOCH when set, else the current time, in Unix seconds.
std::int64_t reproducible_now();

}  // namespace kg::model
