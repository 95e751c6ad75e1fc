// Calendar arithmetic through C++20 <chrono> calendar types (year_month_day, sys_days):
// exact, proleptic Gregorian, no time zone database, no locale, the same answer on every
// machine; and year_month_day::ok() says which dates do not exist (2026-02-31).
#include "model/time.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace kg::model {

namespace {

bool digits(std::string_view s, std::size_t at, std::size_t n, int& out) {
    if (at + n > s.size()) {
        return false;
    }
    out = 0;
    for (std::size_t i = at; i < at + n; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        out = out * 10 + (s[i] - '0');
    }
    return true;
}

}  // namespace

std::optional<std::int64_t> parse_rfc3339(std::string_view s) {
    int year = 0, mon = 0, day = 0, hh = 0, mm = 0, ss = 0;
    if (!digits(s, 0, 4, year) || s.size() < 20 || s[4] != '-' || !digits(s, 5, 2, mon) || s[7] != '-' ||
        !digits(s, 8, 2, day) || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || !digits(s, 11, 2, hh) ||
        s[13] != ':' || !digits(s, 14, 2, mm) || s[16] != ':' || !digits(s, 17, 2, ss)) {
        return std::nullopt;
    }
    const std::chrono::year_month_day date{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(mon)},
                                           std::chrono::day{static_cast<unsigned>(day)}};
    if (!date.ok() || hh > 23 || mm > 59 || ss > 60) {
        return std::nullopt;  // a day that does not exist (2026-02-31) is an error, not March 3
    }
    std::size_t i = 19;
    if (i < s.size() && s[i] == '.') {
        ++i;
        std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        if (i == start) {
            return std::nullopt;
        }
    }
    std::int64_t offset = 0;
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        ++i;
    } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        int oh = 0, om = 0;
        if (!digits(s, i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !digits(s, i + 4, 2, om)) {
            return std::nullopt;
        }
        offset = (s[i] == '+' ? 1 : -1) * (oh * 3600 + om * 60);
        i += 6;
    } else {
        return std::nullopt;
    }
    if (i != s.size()) {
        return std::nullopt;
    }
    const std::int64_t days = std::chrono::sys_days{date}.time_since_epoch().count();
    return days * 86400 + hh * 3600 + mm * 60 + ss - offset;
}

std::string format_rfc3339(std::int64_t t) {
    const std::int64_t days = t >= 0 ? t / 86400 : (t - 86399) / 86400;
    const std::int64_t secs = t - days * 86400;
    const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{days}}};
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02lld:%02lld:%02lldZ", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<long long>(secs / 3600), static_cast<long long>(secs / 60 % 60),
                  static_cast<long long>(secs % 60));
    return buf;
}

std::string rfc3339_problem(std::string_view s) {
    int year = 0, mon = 0, day = 0;
    if (!digits(s, 0, 4, year) || s.size() < 10 || s[4] != '-' || !digits(s, 5, 2, mon) || s[7] != '-' ||
        !digits(s, 8, 2, day)) {
        return {};
    }
    if (mon < 1 || mon > 12) {
        return "month " + std::to_string(mon) + " does not exist";
    }
    const std::chrono::year_month ym{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(mon)}};
    const unsigned last = static_cast<unsigned>((ym / std::chrono::last).day());
    if (day < 1 || static_cast<unsigned>(day) > last) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "day %d does not exist: %04d-%02d has %u days", day, year, mon, last);
        return buf;
    }
    return {};
}

std::string rfc3339_problem_suffix(std::string_view text) {
    std::string p = rfc3339_problem(text);
    return p.empty() ? p : ": " + p;
}

std::pair<std::int64_t, std::int64_t> calendar_month_of(std::int64_t t) {
    using namespace std::chrono;
    const sys_seconds at{seconds{t}};
    const year_month_day day{floor<days>(at)};
    const year_month month = day.year() / day.month();
    const auto start = sys_days{month / 1}, next = sys_days{(month + months{1}) / 1};
    return {duration_cast<seconds>(start.time_since_epoch()).count(),
            duration_cast<seconds>(next.time_since_epoch()).count()};
}

std::vector<std::pair<std::int64_t, std::int64_t>> calendar_months(std::int64_t from, std::int64_t to) {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (std::int64_t at = from; at < to;) {
        const std::int64_t end = std::min(calendar_month_of(at).second, to);
        out.emplace_back(at, end);
        at = end;
    }
    return out;
}

std::optional<std::int64_t> source_date_epoch() {
    const char* e = std::getenv("SOURCE_DATE_EPOCH");
    if (e == nullptr || *e == '\0') return std::nullopt;
    std::int64_t v = 0;
    const char* end = e + std::strlen(e);
    auto [ptr, ec] = std::from_chars(e, end, v);
    if (ec != std::errc() || ptr != end) return std::nullopt;
    return v;
}

std::int64_t reproducible_now() {
    if (auto epoch = source_date_epoch()) return *epoch;
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace kg::model
