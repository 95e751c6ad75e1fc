// `kueuegov version`: what was built (version, commit, date) and which Kueue it understands,
// as text for people and JSON or YAML for tools (kubectl version -o json has the same shape).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kg::report {

struct VersionInfo {
    std::string version;     ///< the project version (CMake)
    std::string commit;      ///< `git describe --always --dirty --tags` at configure time, or "unknown"
    std::string build_date;  ///< RFC 3339 UTC; SOURCE_DATE_EPOCH when it was set at configure time
    std::vector<std::string> kueue_api_versions;  ///< e.g. kueue.x-k8s.io/v1beta2
    std::string kueue_semantics;                  ///< the Kueue release whose admission rules sim/ mirrors
    std::string crd_schema_version, crd_schema_commit;  ///< the CRDs lint KQ1022 checks against
};

enum class VersionFormat { text, json, yaml };

void render_version(std::ostream& out, const VersionInfo& v, VersionFormat f);

}  // namespace kg::report
