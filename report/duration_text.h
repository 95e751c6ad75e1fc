// Durations for people, as kubectl prints ages: "0s", "850ms", "4.5s", "45s", "3m05s", "1h02m",
// "3d04h". Text output only: JSON keeps exact numbers so tools never parse these.
#pragma once

#include <cstdint>
#include <string>

namespace kg::report {

/// `ms` milliseconds as a short human duration, two units at most, rounded down; a negative
/// duration is printed with a leading "-".
std::string human_duration(std::int64_t ms);

}  // namespace kg::report
