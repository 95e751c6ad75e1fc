// File reading for replay inputs ("-" is stdin), bounded as manifests are, arrival ordering,
// and an Arrival's Workload.
#include "sim/replay/input_common.h"

#include <algorithm>
#include <utility>

#include <cstdio>

namespace kg::sim::replay {

std::string Arrival::key() const {
    const std::string& ns = *base->meta.namespace_;
    const std::string& own = workload_name();
    if (ns.empty()) {
        return own;
    }
    // One allocation of the final size (twice per arrival): `ns + "/" + name` made a
    // temporary and grew it.
    std::string out;
    out.reserve(ns.size() + 1 + own.size());
    out.append(ns).append(1, '/').append(own);
    return out;
}

std::optional<model::Timestamp> Arrival::creation_timestamp() const {
    if (name.empty()) {
        return base->meta.creation_timestamp;
    }
    return k_replay_epoch + arrival_ms / 1000;
}

model::Workload Arrival::workload() const {
    model::Workload wl = *base;
    if (!name.empty()) {
        wl.meta.name.value = name;
        wl.meta.creation_timestamp = creation_timestamp();
    }
    if (uid_number >= 0) {
        wl.meta.uid = uid();
    }
    return wl;
}

std::string Arrival::uid() const {
    if (uid_number < 0) {
        return base ? base->meta.uid : std::string();
    }
    // "replay-%010lld", without snprintf's format parsing (once per arrival, 500,000 times).
    char digits[20];
    std::size_t n = 0;
    for (std::int64_t v = uid_number; v > 0 || n < 10; v /= 10) digits[n++] = static_cast<char>('0' + v % 10);
    std::string text = "replay-";
    text.reserve(text.size() + n);
    while (n > 0) text += digits[--n];
    return text;
}

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
    // A stable sort of (time, position) pairs, then the permutation applied in place cycle by
    // cycle: each Arrival moves about once, and no second buffer of Arrivals is needed, where
    // std::stable_sort of the Arrivals themselves moved each log n times through a buffer as
    // large as the input.
    const std::size_t n = arrivals.size() - first;
    std::vector<std::pair<std::int64_t, std::size_t>> order(n);
    for (std::size_t k = 0; k < n; ++k) order[k] = {arrivals[first + k].arrival_ms, k};
    std::sort(order.begin(), order.end());  // position breaks ties: stable
    std::vector<std::size_t> from(n);  // from[k]: the position whose Arrival goes to k
    for (std::size_t k = 0; k < n; ++k) from[k] = order[k].second;
    order = {};
    for (std::size_t start = 0; start < n; ++start) {
        if (from[start] == start || from[start] == n) continue;  // in place, or placed already
        Arrival held = std::move(arrivals[first + start]);
        std::size_t k = start;
        while (from[k] != start) {
            arrivals[first + k] = std::move(arrivals[first + from[k]]);
            std::size_t next = from[k];
            from[k] = n;
            k = next;
        }
        arrivals[first + k] = std::move(held);
        from[k] = n;
    }
    for (std::size_t i = first; i < arrivals.size(); ++i) {
        arrivals[i].uid_number = static_cast<std::int64_t>(i);
    }
}

}  // namespace kg::sim::replay
