// Human durations in text output (report/duration_text.h): two units, zero-padded second unit.
#include "report/duration_text.h"

#include <catch2/catch.hpp>

#include <cstdint>

using kg::report::human_duration;

TEST_CASE("durations read as kubectl prints ages", "[report][duration]") {
    CHECK(human_duration(0) == "0s");
    CHECK(human_duration(850) == "850ms");
    CHECK(human_duration(1000) == "1s");
    CHECK(human_duration(4500) == "4.5s");
    CHECK(human_duration(45'999) == "45s");
    CHECK(human_duration(185'000) == "3m05s");
    CHECK(human_duration(3'720'000) == "1h02m");
    CHECK(human_duration(47 * 3'600'000LL + 59 * 60'000) == "47h59m");
    CHECK(human_duration(3 * 86'400'000LL + 4 * 3'600'000LL) == "3d04h");
    CHECK(human_duration(-185'000) == "-3m05s");
}

TEST_CASE("extreme durations do not overflow", "[report][duration]") {
    CHECK(human_duration(INT64_MAX).back() == 'h');
    CHECK(human_duration(INT64_MIN).front() == '-');
}
