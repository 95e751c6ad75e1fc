#include "audit/cluster_name.h"

namespace kg::audit {

std::string cluster_name_problem(std::string_view name) {
    if (name.empty()) return "a cluster name must not be empty";
    if (name.size() > k_max_cluster_name)
        return "a cluster name is at most " + std::to_string(k_max_cluster_name) + " bytes, found " +
               std::to_string(name.size());
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c < 0x20 || c == 0x7f)
            return "a cluster name must not contain control characters (byte " + std::to_string(c) + " at offset " +
                   std::to_string(i) + ")";
        if (c == ',') return "a cluster name must not contain ',' (--cluster filters take comma-separated lists)";
    }
    return "";
}

}  // namespace kg::audit
