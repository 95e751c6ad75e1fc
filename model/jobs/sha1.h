// SHA-1 (OpenSSL), only for reproducing Kueue's Workload names, whose 5-hex suffix is
// a SHA-1 of the owner's kind, group, name and UID (jobframework/workload_names.go).
// Not for security.
#pragma once

#include <string>
#include <string_view>

namespace kg::model::jobs {

/// Lower-case hex digest (40 characters) of `data`.
std::string sha1_hex(std::string_view data);

}  // namespace kg::model::jobs
