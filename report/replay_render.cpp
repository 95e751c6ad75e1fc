// Replay summaries. Averages are integer milliseconds as Kueue's recorder computes
// them (sum / count); usage percentages are printed with one decimal from exact
// integer ratios (the only place a ratio becomes a decimal is here, for display).
#include "report/replay_render.h"
#include "report/duration_text.h"
#include "report/escape.h"
#include "report/escape_json.h"

#include "model/amount.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <set>

namespace kg::report {

using sim::ReplayResult;

namespace {

struct ClassStats {
    std::int64_t count = 0, admitted = 0, evictions = 0;
    std::int64_t total_wait_ms = 0, total_finish_ms = 0, total_seen_ms = 0;
    std::int64_t avg_wait_ms() const { return admitted ? total_wait_ms / admitted : 0; }
    std::int64_t avg_seen_ms() const { return admitted ? total_seen_ms / admitted : 0; }
};

std::map<std::string, ClassStats> by(const ReplayResult& r, bool by_queue) {
    std::map<std::string, ClassStats> out;
    for (const sim::WorkloadResult& w : r.workloads) {
        ClassStats& s = out[by_queue ? (w.cluster_queue.empty() ? "(never admitted)" : w.cluster_queue)
                                     : w.workload_class];
        ++s.count;
        s.evictions += w.evictions;
        if (w.admitted_ms >= 0) {
            ++s.admitted;
            s.total_wait_ms += w.time_to_admission_ms();
            s.total_seen_ms += w.time_to_admission_seen_ms();
        }
        if (w.finished_ms >= 0) {
            s.total_finish_ms += w.finished_ms - w.arrival_ms;
        }
    }
    return out;
}

// Per (queue class, flavor, resource): average held / total nominal, as tenths of a percent.
struct Usage {
    __int128 integral = 0;
    std::int64_t nominal = 0;
};

std::map<std::string, std::map<std::pair<std::string, std::string>, Usage>> usage_by_class(const ReplayResult& r) {
    std::map<std::string, std::map<std::pair<std::string, std::string>, Usage>> out;
    for (const auto& [name, q] : r.queues) {
        auto cls = r.queue_class.find(name);
        auto& slot = out[cls == r.queue_class.end() ? name : cls->second];
        for (const auto& [fr, nominal] : q.nominal) {
            slot[fr].nominal += nominal;
        }
        for (const auto& [fr, integral] : q.used_integral) {
            slot[fr].integral += integral;
        }
    }
    return out;
}

std::string percent(const Usage& u, std::int64_t duration_ms) {
    if (u.nominal <= 0 || duration_ms <= 0) {
        return "-";
    }
    __int128 tenths = u.integral * 1000 / (static_cast<__int128>(u.nominal) * duration_ms);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld.%lld%%", static_cast<long long>(tenths / 10), static_cast<long long>(tenths % 10));
    return buf;
}


void text(std::ostream& out, const ReplayResult& r) {
    std::int64_t admitted = 0, evictions = 0;
    for (const sim::WorkloadResult& w : r.workloads) {
        admitted += w.admitted_ms >= 0;
        evictions += w.evictions;
    }
    out << "replayed " << r.workloads.size() << " workloads over " << human_duration(r.end_ms) << " of virtual time in "
        << r.cycles << " scheduling cycles: " << admitted << " admitted, " << evictions << " evictions\n";
    if (r.api.modelled) {
        char line[256];
        std::snprintf(line, sizeof line,
                      "Kueue's API client at qps %g, burst %lld: %lld writes by Kueue, %lld by the runner "
                      "(--instant: none)\n",
                      r.api.qps, static_cast<long long>(r.api.burst), static_cast<long long>(r.api.kueue_writes),
                      static_cast<long long>(r.api.runner_writes));
        out << line;
    } else {
        out << "no controller-throughput model (--instant): cycles, admissions and evictions took no time\n";
    }
    if (r.stalled) {
        out << "warning: some workloads never finished (no capacity could ever admit them)\n";
    }
    out << "\nWORKLOAD CLASS  COUNT  ADMITTED  AVG TIME TO ADMISSION  EVICTIONS\n";
    for (const auto& [cls, s] : by(r, false)) {
        char line[256];
        std::snprintf(line, sizeof line, "%-14s  %5lld  %8lld  %21s  %9lld\n", escape_terminal(cls).c_str(), static_cast<long long>(s.count),
                      static_cast<long long>(s.admitted), human_duration(s.avg_wait_ms()).c_str(),
                      static_cast<long long>(s.evictions));
        out << line;
    }
    out << "\nCLUSTERQUEUE CLASS  FLAVOR/RESOURCE  NOMINAL  AVG USAGE OF NOMINAL\n";
    for (const auto& [cls, frs] : usage_by_class(r)) {
        for (const auto& [fr, u] : frs) {
            char line[256];
            std::snprintf(line, sizeof line, "%-18s  %-15s  %7s  %20s\n", escape_terminal(cls).c_str(),
                          escape_terminal(fr.first + "/" + fr.second).c_str(),
                          model::format_amount(fr.second, model::Amount::of(u.nominal)).c_str(),
                          percent(u, r.end_ms).c_str());
            out << line;
        }
    }
}

nlohmann::ordered_json workload_json(const sim::WorkloadResult& w) {
    return {{"workload", w.workload},
            {"class", w.workload_class},
            {"clusterQueue", w.cluster_queue},
            {"arrivalMs", w.arrival_ms},
            {"admittedMs", w.admitted_ms},
            {"finishedMs", w.finished_ms},
            {"timeToAdmissionMs", w.time_to_admission_ms()},
            {"evictions", w.evictions}};
}

/// The document; `workloads` false leaves the workloads array empty (render_replay streams it).
nlohmann::ordered_json json_of(const ReplayResult& r, bool workloads = true) {
    nlohmann::ordered_json j;
    j["virtualDurationMs"] = r.end_ms;
    j["cycles"] = r.cycles;
    j["stalled"] = r.stalled;
    if (r.api.modelled) {
        j["apiThroughput"] = {{"qps", r.api.qps},
                              {"burst", r.api.burst},
                              {"kueueWrites", r.api.kueue_writes},
                              {"runnerWrites", r.api.runner_writes}};
    } else {
        j["apiThroughput"] = nullptr;
    }
    j["workloadClasses"] = nlohmann::ordered_json::object();
    for (const auto& [cls, s] : by(r, false)) {
        j["workloadClasses"][cls] = {{"count", s.count},
                                     {"admitted", s.admitted},
                                     {"averageTimeToAdmissionMs", s.avg_wait_ms()},
                                     {"averageTimeToFinishMs", s.count ? s.total_finish_ms / s.count : 0},
                                     {"totalEvictions", s.evictions}};
        if (r.api.modelled) {
            // Creation to the admission patch landing (api_throughput.h): the measure of Kueue's
            // published means, taken before kubernetes-sigs/kueue#13313 changed the recorder.
            j["workloadClasses"][cls]["averageTimeToAdmissionSeenMs"] = s.avg_seen_ms();
        }
    }
    j["clusterQueueClasses"] = nlohmann::ordered_json::object();
    for (const auto& [cls, frs] : usage_by_class(r)) {
        for (const auto& [fr, u] : frs) {
            j["clusterQueueClasses"][cls][fr.first + "/" + fr.second] = {
                {"nominal", u.nominal},
                {"averageUsage", r.end_ms > 0 ? static_cast<std::int64_t>(u.integral / r.end_ms) : 0},
                {"usagePercent", percent(u, r.end_ms)}};
        }
    }
    // Per ClusterQueue: its own average usage and its usage over time (a step function).
    j["clusterQueues"] = nlohmann::ordered_json::array();
    for (const auto& [name, q] : r.queues) {
        auto cls = r.queue_class.find(name);
        nlohmann::ordered_json cq{{"name", name},
                                  {"class", cls == r.queue_class.end() ? name : cls->second},
                                  {"admissions", q.admissions},
                                  {"usage", nlohmann::ordered_json::object()}};
        for (const auto& [fr, nominal] : q.nominal) {
            Usage u;
            u.nominal = nominal;
            if (auto it = q.used_integral.find(fr); it != q.used_integral.end()) u.integral = it->second;
            cq["usage"][fr.first + "/" + fr.second] = {
                {"nominal", nominal},
                {"averageUsage", r.end_ms > 0 ? static_cast<std::int64_t>(u.integral / r.end_ms) : 0},
                {"usagePercent", percent(u, r.end_ms)}};
        }
        nlohmann::ordered_json timeline = nlohmann::ordered_json::array();
        for (const sim::UsageSample& s : q.timeline) {
            nlohmann::ordered_json used = nlohmann::ordered_json::object();
            for (const auto& [fr, amount] : s.used) used[fr.first + "/" + fr.second] = amount;
            timeline.push_back({{"ms", s.at_ms}, {"used", std::move(used)}});
        }
        cq["timeline"] = std::move(timeline);
        j["clusterQueues"].push_back(std::move(cq));
    }
    j["workloads"] = nlohmann::ordered_json::array();
    if (workloads)
        for (const sim::WorkloadResult& w : r.workloads) j["workloads"].push_back(workload_json(w));
    return j;
}

// The JSON document with its last member, the workloads array, written one element at a time:
// a DOM of half a million workloads cost more than the replay that produced them. The text is
// what dump(2) of the whole document gives (the array sits at depth 1, its elements at depth 2),
// and every piece goes through json_text.
void write_json(std::ostream& out, const ReplayResult& r) {
    std::string head = json_text(json_of(r, false), 2);
    static const std::string k_empty_tail = "[]\n}";
    if (r.workloads.empty() || head.size() < k_empty_tail.size() ||
        head.compare(head.size() - k_empty_tail.size(), k_empty_tail.size(), k_empty_tail) != 0) {
        out << json_text(json_of(r), 2) << "\n";
        return;
    }
    head.resize(head.size() - k_empty_tail.size() + 1);  // up to and including '['
    out << head;
    // Each element as dump(2) prints an object of workload_json's members at depth 2; its
    // strings through escape_json_string, as the serialiser would print them.
    std::string element;
    for (std::size_t i = 0; i < r.workloads.size(); ++i) {
        const sim::WorkloadResult& w = r.workloads[i];
        element.assign(i == 0 ? "\n    {" : ",\n    {");
        auto member = [&](const char* key, const std::string& value, bool last = false) {
            element.append("\n      \"").append(key).append("\": ").append(value);
            if (!last) element += ',';
        };
        member("workload", escape_json_string(w.workload));
        member("class", escape_json_string(w.workload_class));
        member("clusterQueue", escape_json_string(w.cluster_queue));
        member("arrivalMs", std::to_string(w.arrival_ms));
        member("admittedMs", std::to_string(w.admitted_ms));
        member("finishedMs", std::to_string(w.finished_ms));
        member("timeToAdmissionMs", std::to_string(w.time_to_admission_ms()));
        member("evictions", std::to_string(w.evictions), true);
        element += "\n    }";
        out << element;
    }
    out << "\n  ]\n}\n";
}

}  // namespace

void render_replay(std::ostream& out, const ReplayResult& r, ReplayFormat f) {
    if (f == ReplayFormat::json) {
        write_json(out, r);
    } else {
        text(out, r);
    }
}

void render_replay_compare(std::ostream& out, const ReplayResult& base, const ReplayResult& other,
                           const std::string& base_label, const std::string& other_label, ReplayFormat f) {
    auto a = by(base, true), b = by(other, true);
    std::set<std::string> queues;
    for (const auto& [q, s] : a) {
        queues.insert(q);
    }
    for (const auto& [q, s] : b) {
        queues.insert(q);
    }
    if (f == ReplayFormat::json) {
        nlohmann::ordered_json j{{"base", base_label}, {"compare", other_label}, {"queues", nlohmann::ordered_json::array()}};
        for (const std::string& q : queues) {
            std::int64_t wa = a.count(q) ? a[q].avg_wait_ms() : 0, wb = b.count(q) ? b[q].avg_wait_ms() : 0;
            j["queues"].push_back({{"clusterQueue", q},
                                   {"admittedBase", a.count(q) ? a[q].admitted : 0},
                                   {"admittedCompare", b.count(q) ? b[q].admitted : 0},
                                   {"averageWaitMsBase", wa},
                                   {"averageWaitMsCompare", wb},
                                   {"deltaMs", wb - wa}});
        }
        j["summaryBase"] = json_of(base, false)["workloadClasses"];
        j["summaryCompare"] = json_of(other, false)["workloadClasses"];
        out << json_text(j, 2) << "\n";
        return;
    }
    out << "average wait per ClusterQueue: " << escape_terminal(base_label) << " -> " << escape_terminal(other_label) << "\n\n";
    out << "CLUSTERQUEUE                    ADMITTED        AVG WAIT BEFORE   AVG WAIT AFTER    CHANGE\n";
    for (const std::string& q : queues) {
        std::int64_t wa = a.count(q) ? a[q].avg_wait_ms() : 0, wb = b.count(q) ? b[q].avg_wait_ms() : 0;
        char line[256];
        std::snprintf(line, sizeof line, "%-30s  %5lld -> %-5lld  %15s  %15s  %s%s\n", escape_terminal(q).c_str(),
                      static_cast<long long>(a.count(q) ? a[q].admitted : 0),
                      static_cast<long long>(b.count(q) ? b[q].admitted : 0), human_duration(wa).c_str(), human_duration(wb).c_str(),
                      wb >= wa ? "+" : "-", human_duration(wb >= wa ? wb - wa : wa - wb).c_str());
        out << line;
    }
}

}  // namespace kg::report
