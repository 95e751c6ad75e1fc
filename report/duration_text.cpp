// Human durations (duration_text.h). Two units at most, the second zero-padded, so columns
// of waits line up and "1h02m" cannot be misread as "1h20m".
#include "report/duration_text.h"

#include <cstdint>
#include <cstdio>

namespace kg::report {

std::string human_duration(std::int64_t ms) {
    if (ms < 0) {
        // -INT64_MIN overflows: clamp one millisecond inside the range first.
        return "-" + human_duration(ms == INT64_MIN ? INT64_MAX : -ms);
    }
    char buf[48];
    const long long s = ms / 1000;
    if (ms == 0) {
        return "0s";  // "no wait", not a measurement in milliseconds
    }
    if (ms < 1000) {
        std::snprintf(buf, sizeof buf, "%lldms", static_cast<long long>(ms));
    } else if (s < 10 && (ms % 1000) / 100 != 0) {
        std::snprintf(buf, sizeof buf, "%lld.%llds", s, static_cast<long long>((ms % 1000) / 100));
    } else if (s < 60) {
        std::snprintf(buf, sizeof buf, "%llds", s);
    } else if (s < 3600) {
        std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
    } else if (s < 48 * 3600) {
        std::snprintf(buf, sizeof buf, "%lldh%02lldm", s / 3600, (s % 3600) / 60);
    } else {
        std::snprintf(buf, sizeof buf, "%lldd%02lldh", s / 86400, (s % 86400) / 3600);
    }
    return buf;
}

}  // namespace kg::report
