// RFC 3339 timestamps to Unix seconds and back.
#include "model/time.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

using namespace kg::model;

TEST_CASE("RFC 3339 times parse to Unix seconds", "[model][time]") {
    CHECK(parse_rfc3339("1970-01-01T00:00:00Z") == 0);
    CHECK(parse_rfc3339("2026-01-01T00:00:00Z") == 1767225600);
    CHECK(parse_rfc3339("2026-01-01T00:00:00.999Z") == 1767225600);
    CHECK(parse_rfc3339("2026-01-01T02:00:00+02:00") == 1767225600);
    CHECK(parse_rfc3339("2024-02-29T12:00:00Z") == 1709208000);
    CHECK_FALSE(parse_rfc3339("2026-01-01").has_value());
    CHECK_FALSE(parse_rfc3339("2026-13-01T00:00:00Z").has_value());
    CHECK_FALSE(parse_rfc3339("2026-01-01T00:00:00").has_value());
    CHECK_FALSE(parse_rfc3339("yesterday").has_value());
}

TEST_CASE("Unix seconds format back to RFC 3339 in UTC", "[model][time]") {
    CHECK(format_rfc3339(0) == "1970-01-01T00:00:00Z");
    CHECK(format_rfc3339(1767225600) == "2026-01-01T00:00:00Z");
    CHECK(format_rfc3339(1709208000) == "2024-02-29T12:00:00Z");
    CHECK(format_rfc3339(-1) == "1969-12-31T23:59:59Z");
}

TEST_CASE("a day that does not exist is an error that says so", "[model][time]") {
    CHECK_FALSE(parse_rfc3339("2026-02-31T00:00:00Z").has_value());
    CHECK_FALSE(parse_rfc3339("2026-02-29T00:00:00Z").has_value());
    CHECK_FALSE(parse_rfc3339("2026-04-31T00:00:00Z").has_value());
    CHECK_FALSE(parse_rfc3339("2100-02-29T00:00:00Z").has_value());  // not a leap year
    CHECK(parse_rfc3339("2000-02-29T00:00:00Z") == 951782400);        // a leap year
    CHECK(rfc3339_problem("2026-02-31T00:00:00Z") == "day 31 does not exist: 2026-02 has 28 days");
    CHECK(rfc3339_problem("2026-13-01T00:00:00Z") == "month 13 does not exist");
    CHECK(rfc3339_problem("yesterday").empty());
    CHECK(rfc3339_problem("2026-02-28T00:00:00Z").empty());
}

TEST_CASE("formatting and parsing agree across eras, leap days and negative times", "[model][time]") {
    for (std::int64_t t : {std::int64_t{-62135596800}, std::int64_t{-86401}, std::int64_t{0}, std::int64_t{951782399},
                           std::int64_t{4107542400}, std::int64_t{253402300799}}) {
        INFO(t);
        CHECK(parse_rfc3339(format_rfc3339(t)) == t);
    }
    CHECK(format_rfc3339(-62135596800) == "0001-01-01T00:00:00Z");
    CHECK(format_rfc3339(253402300799) == "9999-12-31T23:59:59Z");
}

TEST_CASE("a period is cut at calendar month starts, in UTC", "[model][time]") {
    const auto at = [](const char* s) { return *parse_rfc3339(s); };
    const auto months = calendar_months(at("2026-01-31T18:00:00Z"), at("2026-03-02T00:00:00Z"));
    REQUIRE(months.size() == 3);
    CHECK(months[0] == std::pair{at("2026-01-31T18:00:00Z"), at("2026-02-01T00:00:00Z")});
    CHECK(months[1] == std::pair{at("2026-02-01T00:00:00Z"), at("2026-03-01T00:00:00Z")});  // 28 days
    CHECK(months[2] == std::pair{at("2026-03-01T00:00:00Z"), at("2026-03-02T00:00:00Z")});
    CHECK(calendar_months(at("2026-05-01T00:00:00Z"), at("2026-06-01T00:00:00Z")).size() == 1);
    CHECK(calendar_months(at("2026-05-01T00:00:00Z"), at("2026-05-01T00:00:00Z")).empty());
    // December rolls over into the next year; a leap February has 29 days.
    CHECK(calendar_month_of(at("2026-12-31T23:59:59Z")) ==
          std::pair{at("2026-12-01T00:00:00Z"), at("2027-01-01T00:00:00Z")});
    CHECK(calendar_month_of(at("2028-02-29T12:00:00Z")).second == at("2028-03-01T00:00:00Z"));
    // Before 1970 too (negative Unix seconds).
    CHECK(calendar_month_of(at("1969-12-15T00:00:00Z")).first == at("1969-12-01T00:00:00Z"));
}

TEST_CASE("SOURCE_DATE_EPOCH is read when it is a number, ignored otherwise", "[model][time]") {
    const char* old = std::getenv("SOURCE_DATE_EPOCH");
    const std::string saved = old ? old : "";
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    CHECK(source_date_epoch() == 1700000000);
    CHECK(reproducible_now() == 1700000000);
    setenv("SOURCE_DATE_EPOCH", "", 1);
    CHECK_FALSE(source_date_epoch());
    setenv("SOURCE_DATE_EPOCH", "17e8", 1);
    CHECK_FALSE(source_date_epoch());
    CHECK(reproducible_now() > 1700000000);  // the clock, which is past 2023
    if (old) setenv("SOURCE_DATE_EPOCH", saved.c_str(), 1);
    else unsetenv("SOURCE_DATE_EPOCH");
}
