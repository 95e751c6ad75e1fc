// Per-queue waits of two replays, side by side, for `diff --trace/--generator`. Times are
// virtual milliseconds printed as seconds; queue names go through each format's escaper.
#include "report/diff_state_render.h"
#include "report/escape.h"

#include <cstdio>
#include <set>

namespace kg::report {

namespace {

using sim::replay::QueueWaits;

std::string secs(std::int64_t ms) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%lld.%03llds", static_cast<long long>(ms / 1000), static_cast<long long>(ms % 1000));
    return buf;
}

std::set<std::string> queues(const DiffWaits& w) {
    std::set<std::string> q;
    for (const auto& [name, s] : w.base) q.insert(name);
    for (const auto& [name, s] : w.head) q.insert(name);
    return q;
}

QueueWaits at(const std::map<std::string, QueueWaits>& m, const std::string& q) {
    auto it = m.find(q);
    return it == m.end() ? QueueWaits{} : it->second;
}

std::string label(const std::string& q) { return q.empty() ? "(never admitted)" : q; }

std::string stats(const QueueWaits& s) {
    return std::to_string(s.admitted) + " admitted, mean " + secs(s.mean_ms) + ", p50 " + secs(s.p50_ms) + ", p95 " +
           secs(s.p95_ms);
}

}  // namespace

void render_waits_text(std::ostream& out, const DiffWaits& w) {
    out << "\nwait to admission per ClusterQueue, replaying " << escape_terminal(w.source) << " (base -> head):\n";
    for (const std::string& q : queues(w)) {
        if (q.empty()) {
            out << "  never admitted: " << at(w.base, q).workloads << " -> " << at(w.head, q).workloads << " workloads\n";
            continue;
        }
        out << "  " << escape_terminal(label(q)) << ": " << stats(at(w.base, q)) << " -> " << stats(at(w.head, q)) << "\n";
    }
}

void render_waits_markdown(std::ostream& out, const DiffWaits& w) {
    out << "### Wait to admission (replay of " << escape_markdown_code(w.source) << ")\n\n"
        << "| ClusterQueue | Admitted | Mean | p50 | p95 |\n|---|---|---|---|---|\n";
    for (const std::string& q : queues(w)) {
        QueueWaits b = at(w.base, q), h = at(w.head, q);
        auto cell = [](const std::string& x, const std::string& y) { return x == y ? x : x + " → " + y; };
        if (q.empty()) {
            out << "| " << escape_markdown(label(q)) << " | " << cell(std::to_string(b.workloads), std::to_string(h.workloads))
                << " workloads | | | |\n";
            continue;
        }
        out << "| " << escape_markdown(label(q)) << " | " << cell(std::to_string(b.admitted), std::to_string(h.admitted))
            << " | " << cell(secs(b.mean_ms), secs(h.mean_ms)) << " | " << cell(secs(b.p50_ms), secs(h.p50_ms)) << " | "
            << cell(secs(b.p95_ms), secs(h.p95_ms)) << " |\n";
    }
    out << "\n";
}

nlohmann::ordered_json waits_json(const DiffWaits& w) {
    using J = nlohmann::ordered_json;
    auto one = [](const QueueWaits& s) {
        return J{{"workloads", s.workloads}, {"admitted", s.admitted}, {"meanMs", s.mean_ms}, {"p50Ms", s.p50_ms}, {"p95Ms", s.p95_ms}};
    };
    J j{{"source", w.source}, {"queues", J::array()}};
    for (const std::string& q : queues(w)) {
        j["queues"].push_back({{"clusterQueue", q}, {"base", one(at(w.base, q))}, {"head", one(at(w.head, q))}});
    }
    return j;
}

}  // namespace kg::report
