// File reading for replay inputs ("-" is stdin) and arrival ordering.
#include "sim/replay/input_common.h"

#include <algorithm>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace kg::sim::replay {

bool read_input_file(const std::string& path, model::Cluster& cluster, std::string& text, std::uint32_t& file_id,
                     model::DiagSink& diags) {
    if (path == "-") {
        std::ostringstream ss;
        ss << std::cin.rdbuf();
        text = ss.str();
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            file_id = cluster.files.add(path);
            diags.error({file_id, 0, 0}, std::string("cannot read: ") + std::strerror(errno));
            return false;
        }
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    file_id = cluster.files.add(path == "-" ? "<stdin>" : path, text);
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
