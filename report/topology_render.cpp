// Text puts one row per domain, indented by level, with used/capacity for each resource the
// flavor's nodes offer; JSON and YAML carry the same tree with capacity, used and free.
#include "report/topology_render.h"

#include "model/amount.h"
#include "report/escape.h"
#include "report/escape_json.h"
#include "report/yaml_emit.h"

#include <algorithm>
#include <set>

namespace kg::report {

using ordered_json = nlohmann::ordered_json;
using sim::TopologyDomainUsage;

namespace {

std::string amount(const std::string& r, std::int64_t v) { return model::format_amount(r, model::Amount::of(v)); }

std::int64_t get(const model::ResourceAmounts& a, const std::string& r) {
    auto it = a.find(r);
    return it == a.end() ? 0 : it->second;
}

ordered_json amounts_json(const model::ResourceAmounts& a) {
    ordered_json j = ordered_json::object();
    for (const auto& [r, v] : a) j[r] = amount(r, v);
    return j;
}

ordered_json domain_json(const TopologyDomainUsage& d, const std::vector<std::string>& levels, std::size_t level) {
    ordered_json children = ordered_json::array();
    for (const auto& c : d.children) children.push_back(domain_json(c, levels, level + 1));
    return {{"domain", d.id},
            {"name", d.name},
            {"level", level < levels.size() ? levels[level] : std::string()},
            {"capacity", amounts_json(d.capacity)},
            {"used", amounts_json(d.used)},
            {"free", amounts_json(d.free)},
            {"workloads", d.workloads},
            {"children", children}};
}

ordered_json overview_json(const std::vector<sim::TopologyOverview>& ts) {
    ordered_json arr = ordered_json::array();
    for (const auto& t : ts) {
        ordered_json flavors = ordered_json::array();
        for (const auto& f : t.flavors) {
            ordered_json roots = ordered_json::array();
            for (const auto& r : f.roots) roots.push_back(domain_json(r, t.levels, 0));
            flavors.push_back({{"flavor", f.flavor}, {"built", f.built}, {"leaves", f.leaves}, {"domains", roots}});
        }
        arr.push_back({{"name", t.name}, {"levels", t.levels}, {"flavors", flavors}});
    }
    return arr;
}

void collect_rows(const TopologyDomainUsage& d, std::size_t depth, const std::vector<std::string>& resources,
                  bool wide, std::vector<std::vector<std::string>>& rows) {
    std::vector<std::string> row{std::string(depth * 2, ' ') + escape_terminal(d.name)};
    for (const auto& r : resources) row.push_back(amount(r, get(d.used, r)) + "/" + amount(r, get(d.capacity, r)));
    std::string names;
    for (std::size_t i = 0; i < d.workloads.size(); ++i) {
        if (!wide && i == 3) {
            names += ", +" + std::to_string(d.workloads.size() - 3);
            break;
        }
        names += (i ? ", " : "") + escape_terminal(d.workloads[i]);
    }
    row.push_back(names.empty() ? "-" : names);
    rows.push_back(std::move(row));
    for (const auto& c : d.children) collect_rows(c, depth + 1, resources, wide, rows);
}

void print_rows(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> width;
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (width.size() <= i) width.push_back(0);
            width[i] = std::max(width[i], row[i].size());
        }
    for (const auto& row : rows) {
        std::string line = "    ";
        for (std::size_t i = 0; i < row.size(); ++i)
            line += row[i] + (i + 1 < row.size() ? std::string(width[i] - row[i].size() + 2, ' ') : "");
        out << line << "\n";
    }
}

void render_text(std::ostream& out, const std::vector<sim::TopologyOverview>& ts, bool wide) {
    if (ts.empty()) out << "No Topology objects in the inputs.\n";
    for (const auto& t : ts) {
        out << "Topology " << escape_terminal(t.name) << "\n  levels:";
        for (std::size_t i = 0; i < t.levels.size(); ++i) out << (i ? " > " : " ") << escape_terminal(t.levels[i]);
        out << "\n";
        if (t.flavors.empty()) out << "  no ResourceFlavor names it\n";
        for (const auto& f : t.flavors) {
            out << "  flavor " << escape_terminal(f.flavor);
            if (!f.built) {
                out << ": no domains (the Topology has no levels)\n";
                continue;
            }
            out << " (" << f.leaves << (f.leaves == 1 ? " leaf domain" : " leaf domains") << "), used/capacity:\n";
            if (f.roots.empty()) {
                out << "    no Ready, schedulable Node carries its nodeLabels and every level\n";
                continue;
            }
            std::set<std::string> res;
            for (const auto& r : f.roots)
                for (const auto& [k, v] : r.capacity) res.insert(k);
            std::vector<std::string> resources(res.begin(), res.end());
            std::vector<std::vector<std::string>> rows{{"DOMAIN"}};
            for (const auto& r : resources) rows[0].push_back(escape_terminal(r));
            rows[0].push_back("WORKLOADS");
            for (const auto& r : f.roots) collect_rows(r, 0, resources, wide, rows);
            print_rows(out, rows);
        }
    }
}

}  // namespace

void render_topologies(std::ostream& out, const std::vector<sim::TopologyOverview>& ts, InspectFormat f) {
    switch (f) {
        case InspectFormat::text:
        case InspectFormat::wide: render_text(out, ts, f == InspectFormat::wide); return;
        case InspectFormat::json: out << json_text(overview_json(ts), 2) << "\n"; return;
        case InspectFormat::yaml: emit_yaml(out, overview_json(ts)); return;
    }
}

void render_topology_names(std::ostream& out, const std::vector<sim::TopologyOverview>& ts) {
    for (const auto& t : ts) out << "topology.kueue.x-k8s.io/" << escape_terminal(t.name) << "\n";
}

}  // namespace kg::report
