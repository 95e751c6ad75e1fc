// RFC 3339 timestamps to Unix seconds and back.
#include "model/time.h"

#include <catch2/catch.hpp>

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
