// Simulation output. JSON: {"cycles":[{"admitted":[...],"preempted":[...],"pending":[...]}]}
// exactly as /work/shared/conformance/FORMAT.md; text: one table per cycle.
#include "report/simulate_render.h"
#include "report/escape.h"
#include "report/escape_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace kg::report {

namespace {

nlohmann::ordered_json to_json(const sim::SimulationResult& r) {
    nlohmann::ordered_json cycles = nlohmann::ordered_json::array();
    for (const auto& c : r.cycles) {
        nlohmann::ordered_json jc;
        jc["admitted"] = nlohmann::ordered_json::array();
        for (const auto& a : c.admitted) {
            nlohmann::ordered_json ja;
            ja["workload"] = a.workload;
            ja["clusterQueue"] = a.cluster_queue;
            ja["flavors"] = nlohmann::ordered_json::object();
            for (const auto& [ps, m] : a.flavors) {
                nlohmann::ordered_json jm = nlohmann::ordered_json::object();
                for (const auto& [res, flv] : m) jm[res] = flv;
                ja["flavors"][ps] = jm;
            }
            ja["counts"] = nlohmann::ordered_json::object();
            for (const auto& [ps, n] : a.counts) ja["counts"][ps] = n;
            if (!a.topology.empty()) {
                ja["topology"] = nlohmann::ordered_json::object();
                for (const auto& [ps, ta] : a.topology) {
                    nlohmann::ordered_json domains = nlohmann::ordered_json::array();
                    for (const auto& d : ta.domains) domains.push_back({{"values", d.values}, {"count", d.count}});
                    ja["topology"][ps] = {{"levels", ta.levels}, {"domains", domains}};
                }
            }
            if (!a.delayed_topology.empty()) {
                ja["delayedTopologyRequest"] = nlohmann::ordered_json::object();
                for (const auto& [ps, st] : a.delayed_topology) ja["delayedTopologyRequest"][ps] = st;
            }
            ja["admitted"] = a.admitted;
            jc["admitted"].push_back(ja);
        }
        jc["preempted"] = nlohmann::ordered_json::array();
        for (const auto& p : c.preempted)
            jc["preempted"].push_back(
                {{"workload", p.workload}, {"preemptor", p.preemptor}, {"reason", p.reason}, {"message", p.message}});
        jc["pending"] = nlohmann::ordered_json::array();
        for (const auto& p : c.pending) {
            nlohmann::ordered_json jp{{"workload", p.workload}, {"message", p.message}};
            if (!p.reason.empty()) jp["reason"] = p.reason;
            if (!p.cluster_queue.empty()) jp["clusterQueue"] = p.cluster_queue;
            jc["pending"].push_back(jp);
        }
        cycles.push_back(jc);
    }
    return nlohmann::ordered_json{{"cycles", cycles}};
}

std::string flavors_text(const sim::AdmittedDecision& a) {
    std::string out;
    for (const auto& [ps, m] : a.flavors) {
        if (!out.empty()) out += " ";
        out += ps + "{";
        bool first = true;
        for (const auto& [res, flv] : m) {
            out += (first ? "" : ",") + res + "=" + flv;
            first = false;
        }
        out += "}";
        if (auto it = a.counts.find(ps); it != a.counts.end()) out += "x" + std::to_string(it->second);
    }
    return out;
}

void table(std::ostream& out, std::vector<std::vector<std::string>> rows) {
    for (auto& r : rows) {
        for (std::string& cell : r) {
            cell = escape_terminal(cell);  // workload names and messages come from the input
        }
    }
    std::vector<std::size_t> w;
    for (const auto& r : rows)
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (w.size() <= i) w.push_back(0);
            w[i] = std::max(w[i], r[i].size());
        }
    for (const auto& r : rows) {
        std::string line;
        for (std::size_t i = 0; i < r.size(); ++i) {
            line += r[i];
            if (i + 1 < r.size()) line += std::string(w[i] - r[i].size() + 3, ' ');
        }
        out << "  " << line << "\n";
    }
}

}  // namespace

void render_simulation(std::ostream& out, const sim::SimulationResult& r, SimulateFormat f) {
    if (f == SimulateFormat::json) {
        out << json_text(to_json(r), 2) << "\n";
        return;
    }
    for (std::size_t i = 0; i < r.cycles.size(); ++i) {
        const auto& c = r.cycles[i];
        out << "Cycle " << (i + 1) << ": " << c.admitted.size() << " admitted, " << c.preempted.size()
            << " preempted, " << c.pending.size() << " pending\n";
        if (!c.admitted.empty()) {
            std::vector<std::vector<std::string>> rows{{"ADMITTED", "CLUSTERQUEUE", "STATE", "FLAVORS"}};
            for (const auto& a : c.admitted)
                rows.push_back({a.workload, a.cluster_queue, a.admitted ? "Admitted" : "QuotaReserved", flavors_text(a)});
            table(out, rows);
        }
        if (!c.preempted.empty()) {
            std::vector<std::vector<std::string>> rows{{"PREEMPTED", "PREEMPTOR", "REASON"}};
            for (const auto& p : c.preempted) rows.push_back({p.workload, p.preemptor, p.reason});
            table(out, rows);
        }
        if (!c.pending.empty()) {
            std::vector<std::vector<std::string>> rows{{"PENDING", "CLUSTERQUEUE", "REASON", "MESSAGE"}};
            for (const auto& p : c.pending)
                rows.push_back({p.workload, p.cluster_queue.empty() ? "-" : p.cluster_queue,
                                p.reason.empty() ? "-" : p.reason, p.message.empty() ? "-" : p.message});
            table(out, rows);
        }
    }
}

}  // namespace kg::report
