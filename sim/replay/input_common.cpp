// File reading for replay inputs ("-" is stdin), bounded as manifests are, and arrival ordering.
#include "sim/replay/input_common.h"

#include <algorithm>

#include <cstdio>

namespace kg::sim::replay {

bool read_input_file(const std::string& path, model::Cluster& cluster, std::string& text, std::uint32_t& file_id,
                     model::DiagSink& diags, const model::LoadOptions& opt) {
    const std::string name = path == "-" ? "<stdin>" : path;
    auto in = model::read_limited(path, opt);
    if (!in) {
        file_id = cluster.files.add(name);
        diags.error({file_id, 0, 0}, "cannot read: " + in.error().message);
        return false;
    }
    text = std::move(*in);
    file_id = cluster.files.add(name, text);
    return true;
}

void order_arrivals(std::vector<Arrival>& arrivals, std::size_t first) {
    std::stable_sort(arrivals.begin() + static_cast<std::ptrdiff_t>(first), arrivals.end(),
                     [](const Arrival& a, const Arrival& b) { return a.arrival_ms < b.arrival_ms; });
    for (std::size_t i = first; i < arrivals.size(); ++i) {
        char uid[32];
        std::snprintf(uid, sizeof uid, "replay-%010zu", i);
        arrivals[i].workload.meta.uid = uid;
    }
}

}  // namespace kg::sim::replay
