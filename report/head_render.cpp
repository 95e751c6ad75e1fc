#include "report/head_render.h"

#include <nlohmann/json.hpp>

namespace kg::report {

std::string render_head_json(const audit::SignedHead& h) {
    nlohmann::ordered_json j;
    j["sequence"] = h.head.sequence;
    j["hash"] = h.head.hash;
    j["time"] = h.head.time;
    j["schema_sha256"] = h.head.schema_sha256;
    if (!h.algorithm.empty()) {
        j["algorithm"] = h.algorithm;
        j["public_key"] = h.public_key;
        j["signature"] = h.signature;
    }
    return j.dump(2) + "\n";
}

}  // namespace kg::report
