// `kueuegov chargeback`: resource-hours of held quota per group, flavor and resource, split into
// usage within nominal quota, borrowed usage, quota lent to cohort peers and idle nominal quota,
// priced from a PriceList, as CSV, JSON or FinOps FOCUS. Math: audit/chargeback.h; exports:
// report/chargeback_export.h. Evidence comes from the audit evidence store (--db: every
// reservation of the period and the quota in force at each instant) or from manifests (an
// export of Workloads and ClusterQueues: single-export fidelity, audit-evidence.md section 3.4).
#include "audit/chargeback.h"
#include "audit/chargeback_scope.h"
#include "audit/evidence.h"
#include "audit/store/store.h"
#include "audit/cluster_name.h"
#include "audit/ingest/gzip_file.h"
#include "cli/cluster_flag.h"
#include "cli/evidence_source.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/policy_flag.h"
#include "cli/scope_flags.h"
#include "cli/verbs.h"
#include "audit/held_quota.h"
#include "model/policy.h"
#include "model/time.h"
#include "report/chargeback_export.h"
#include "report/diagnostic_render.h"
#include "report/escape.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct ChargebackArgs {
    std::vector<std::string> paths;
    std::string db;
    std::string from, to, prices, by = "clusterqueue", format = "csv", out, out_dir, policy;
    std::vector<std::string> clusters;
    ScopeFlags scope;
};

/// -n needs rows that carry a namespace, -l rows that carry a LocalQueue whose labels the
/// input holds (the evidence store keeps no LocalQueue labels). Prints why not and returns false.
bool scope_fits(const ChargebackArgs& a) {
    if (!a.scope.namespace_.empty() && a.by != "namespace" && a.by != "localqueue") {
        std::cerr << "kueuegov: error: -n narrows rows by namespace: use it with --by namespace or --by localqueue, "
                     "found --by "
                  << a.by << "\n";
        return false;
    }
    if (!a.scope.selector.empty() && (a.by != "localqueue" || !a.db.empty())) {
        std::cerr << "kueuegov: error: -l selects LocalQueues by their labels: use it with --by localqueue and -f "
                     "(the evidence store keeps no LocalQueue labels)\n";
        return false;
    }
    return true;
}

/// The evidence of one cluster ("" = an export whose cluster was not named).
struct ClusterPart {
    std::string cluster;
    audit::HeldQuotaEvidence held;
};

/// Writes the FOCUS rows as the partitioned tree Athena, BigQuery and DuckDB read (OpenCost's
/// exporter layout): DIR/cluster=NAME/year=YYYY/month=MM/part-0.csv.gz, one file per cluster and
/// billing month, each with the header. NAME is percent-encoded (report::escape_path_segment),
/// so a hostile cluster name ('/', "..", control bytes) stays one directory below DIR; an
/// unknown cluster is Hive's null partition.
bool write_focus_tree(const std::string& dir, const std::vector<std::pair<std::string, audit::ChargebackResult>>& months) {
    namespace fs = std::filesystem;
    std::map<fs::path, std::vector<audit::ChargebackResult>> parts;
    for (const auto& [cluster, m] : months) {
        const auto [month_start, month_end] = model::calendar_month_of(m.from);
        const std::string ym = model::format_rfc3339(month_start);  // YYYY-MM-...
        const fs::path p = fs::path(dir) /
                           ("cluster=" + (cluster.empty() ? std::string("__HIVE_DEFAULT_PARTITION__")
                                                          : report::escape_path_segment(cluster))) /
                           ("year=" + ym.substr(0, 4)) / ("month=" + ym.substr(5, 2));
        parts[p].push_back(m);
    }
    for (const auto& [p, results] : parts) {
        std::error_code ec;
        fs::create_directories(p, ec);
        if (ec) {
            std::cerr << "kueuegov: error: cannot create " << report::escape_terminal(p.string()) << ": " << ec.message()
                      << "\n";
            return false;
        }
        std::ostringstream csv;
        report::render_focus(csv, results);
        if (const std::string e = audit::ingest::write_gzip_file((p / "part-0.csv.gz").string(), csv.str()); !e.empty()) {
            std::cerr << "kueuegov: error: " << report::escape_terminal(e) << "\n";
            return false;
        }
        std::cerr << "chargeback: wrote " << report::escape_terminal((p / "part-0.csv.gz").string()) << "\n";
    }
    return true;
}

int run_chargeback(const ChargebackArgs& a) {
    const auto from = model::parse_rfc3339(a.from), to = model::parse_rfc3339(a.to);
    if (!from || !to) {
        std::cerr << "kueuegov: error: --" << (!from ? "from" : "to") << " expects an RFC 3339 time such as "
                  << "\"2026-01-01T00:00:00Z\", found \"" << (!from ? a.from : a.to)
                  << "\"" << model::rfc3339_problem_suffix(!from ? a.from : a.to) << "\n";
        return k_exit_usage;
    }
    if (a.db.empty() == a.paths.empty()) {
        std::cerr << "kueuegov: error: chargeback reads either an evidence store (--db FILE) or manifests "
                     "(-f PATH...), "
                  << (a.db.empty() ? "found neither" : "found both") << "\n";
        return k_exit_usage;
    }
    if (*to <= *from) {
        std::cerr << "kueuegov: error: --to must be after --from, found " << a.from << " and " << a.to << "\n";
        return k_exit_usage;
    }
    if (!a.out_dir.empty() && (a.format != "focus" || !a.out.empty())) {
        std::cerr << "kueuegov: error: --out-dir writes the partitioned FOCUS tree: use it with -o focus and "
                     "without --output-file\n";
        return k_exit_usage;
    }
    if (a.db.empty() && a.clusters.size() > 1) {
        std::cerr << "kueuegov: error: with -f, --cluster names the one cluster the export comes from, found "
                  << a.clusters.size() << "\n";
        return k_exit_usage;
    }
    if (a.db.empty() && !a.clusters.empty()) {
        if (const std::string p = audit::cluster_name_problem(a.clusters.front()); !p.empty()) {
            std::cerr << "kueuegov: error: --cluster \"" << report::escape_terminal(a.clusters.front()) << "\": " << p
                      << "\n";
            return k_exit_usage;
        }
    }
    std::optional<model::LabelSelector> selector;
    if (!scope_fits(a) || !parse_scope_selector(a.scope, selector)) {
        return k_exit_usage;
    }
    LoadedInput in;
    if (!a.paths.empty()) {
        in = load_inputs(a.paths);
        if (!in.ok || in.diags.error_count() != 0) return k_exit_usage;
    }
    audit::ChargebackScope scope;
    scope.namespace_ = a.scope.namespace_;
    if (selector) scope.local_queues = audit::local_queues_matching(in.cluster, *selector);
    std::size_t rows_left_out = 0;
    auto say_left_out = [&] {
        // Said, not dropped silently: the rows of other namespaces and queues exist.
        if (rows_left_out > 0) std::cerr << "chargeback: " << rows_left_out << " row(s) outside -n/-l left out\n";
    };
    model::PriceList prices;
    bool have_prices = false;
    if (!a.prices.empty()) {
        model::DiagSink pd;
        auto pl = model::load_price_list_file(in.cluster.files, a.prices, pd, input_load_options());
        for (const model::Diagnostic& d : pd.items()) std::cerr << report::render_diagnostic(in.cluster.files, d) << "\n";
        if (!pl.has_value()) {
            std::cerr << "kueuegov: error: " << pl.error().message << "\n";
            return k_exit_usage;
        }
        if (pd.error_count() != 0) return k_exit_usage;
        prices = std::move(pl.value());
        have_prices = true;
    }
    model::GovernancePolicy policy;
    if (!load_policy_flag(a.policy, in.cluster.files, policy)) return k_exit_usage;
    if (a.by == "purpose") {
        if (policy.purposes.empty()) {
            std::cerr << "kueuegov: error: --by purpose needs --policy FILE with a purposes: section\n";
            return k_exit_usage;
        }
        // Said, not silently skipped: held quota is recorded per namespace and LocalQueue only.
        std::size_t by_label = 0;
        for (const model::PurposeMapping& m : policy.purposes.mappings) by_label += m.selector ? 1 : 0;
        if (by_label != 0)
            std::cerr << "chargeback: warning: " << by_label << (by_label == 1 ? " purposes entry" : " purposes entries")
                      << " by selector not applied: the evidence records no workload labels, so purposes are decided "
                         "by LocalQueue and namespace\n";
    }
    // Each cluster is charged on its own (queues of one name in two clusters are two queues).
    std::vector<ClusterPart> parts;
    bool grouped = false;
    if (!a.db.empty()) {
        auto store = open_store_or_report(a.db);
        if (!store) return k_exit_usage;
        const auto clusters = selected_clusters(*store, a.clusters);
        if (!clusters) return k_exit_usage;
        grouped = group_by_cluster(*store);
        for (const std::string& c : *clusters) {
            store->set_cluster_scope(c);
            parts.push_back({c, audit::held_quota_from_store(*store, *from, *to)});
        }
        if (parts.empty()) parts.push_back({"", audit::held_quota_from_store(*store, *from, *to)});  // empty store
    } else {
        parts.push_back({a.clusters.empty() ? std::string() : a.clusters.front(),
                         audit::held_quota_from_export(in.cluster, *to)});
    }
    auto input_of = [&](const ClusterPart& p) {
        audit::ChargebackInput ci;
        ci.from = *from;
        ci.to = *to;
        ci.group = *audit::parse_chargeback_group(a.by);
        ci.intervals = &p.held.evidence.intervals;
        ci.versions = &p.held.evidence.versions;
        ci.prices = have_prices ? &prices : nullptr;
        ci.purposes = &policy.purposes;
        return ci;
    };
    // Every cluster's input, charged side by side (audit::compute_chargeback_each).
    auto inputs = [&] {
        std::vector<audit::ChargebackInput> all;
        for (const ClusterPart& p : parts) all.push_back(input_of(p));
        return all;
    };
    if (!parts.empty()) std::cerr << "chargeback: " << parts.front().held.fidelity << "\n";
    if (a.format == "focus") {
        // FOCUS rows belong to one billing period each: the period is charged month by month,
        // cluster by cluster; every row carries its cluster (x_Cluster).
        std::vector<std::pair<std::string, audit::ChargebackResult>> by_cluster;
        auto computed = audit::compute_chargeback_by_month_each(inputs());
        for (std::size_t i = 0; i < parts.size(); ++i) {
            const ClusterPart& p = parts[i];
            auto& m = computed[i];
            if (!m.has_value()) {
                std::cerr << "kueuegov: error: " << m.error().message << "\n";
                return k_exit_usage;
            }
            for (audit::ChargebackResult& r : *m) {
                rows_left_out += audit::scope_chargeback(r, scope);
                for (audit::ChargebackRow& row : r.rows) row.cluster = p.cluster;
                by_cluster.emplace_back(p.cluster, std::move(r));
            }
        }
        std::vector<audit::ChargebackResult> months;
        for (const auto& [c, r] : by_cluster) months.push_back(r);
        std::vector<std::string> unpriced;
        for (const auto& m : months)
            for (const auto& u : m.unpriced)
                if (std::find(unpriced.begin(), unpriced.end(), u) == unpriced.end()) unpriced.push_back(u);
        for (const auto& u : unpriced) std::cerr << "chargeback: warning: no price for " << u << "\n";
        if (!have_prices)
            std::cerr << "chargeback: warning: no --prices: FOCUS costs are 0 " << prices.currency
                      << ", and the billing account and provider columns carry the PriceList defaults\n";
        say_left_out();
        if (!a.out_dir.empty()) return write_focus_tree(a.out_dir, by_cluster) ? k_exit_ok : k_exit_usage;
        bool written = write_output(a.out, [&](std::ostream& out) { report::render_focus(out, months); });
        return written ? k_exit_ok : k_exit_usage;
    }
    // CSV and JSON: one result; rows name their cluster when the store holds several.
    std::optional<audit::ChargebackResult> res;
    auto computed = audit::compute_chargeback_each(inputs());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const ClusterPart& p = parts[i];
        auto& one = computed[i];
        if (!one.has_value()) {
            std::cerr << "kueuegov: error: " << one.error().message << "\n";
            return k_exit_usage;
        }
        rows_left_out += audit::scope_chargeback(*one, scope);
        if (grouped)
            for (audit::ChargebackRow& row : one->rows) row.cluster = p.cluster;
        if (!res) {
            res = std::move(*one);
            continue;
        }
        res->rows.insert(res->rows.end(), one->rows.begin(), one->rows.end());
        if (one->total_cost_micro) res->total_cost_micro = res->total_cost_micro.value_or(0) + *one->total_cost_micro;
        for (const auto& u : one->unpriced)
            if (std::find(res->unpriced.begin(), res->unpriced.end(), u) == res->unpriced.end())
                res->unpriced.push_back(u);
    }
    for (const auto& u : res->unpriced) std::cerr << "chargeback: warning: no price for " << u << "\n";
    say_left_out();
    const auto f = a.format == "json" ? report::ChargebackFormat::json : report::ChargebackFormat::csv;
    bool written = write_output(a.out, [&](std::ostream& out) { report::render_chargeback(out, *res, f); });
    return written ? k_exit_ok : k_exit_usage;
}

}  // namespace

Verb chargeback_verb() {
    return {"chargeback", "Resource-hours and costs of held quota per queue, namespace or flavor (CSV, JSON, FOCUS)",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<ChargebackArgs>();
                add_filename_flags(cmd, a->paths, false);
                cmd.add_option("--db", a->db, "Audit evidence store (kueuegov audit ingest: SQLite file or postgresql:// URL) to charge from; instead of -f");
                cmd.add_option("--from", a->from, "Period start, RFC 3339 (inclusive)")->required();
                cmd.add_option("--to", a->to, "Period end, RFC 3339 (exclusive); also the export's time")->required();
                cmd.add_option("--prices", a->prices, "PriceList file (kueuegov.io/v1alpha1 kind PriceList)");
                cmd.add_option("--by", a->by,
                               "Group rows by clusterqueue, localqueue, namespace, flavor or purpose (needs --policy)")
                    ->check(CLI::IsMember({"clusterqueue", "localqueue", "namespace", "flavor", "purpose"}));
                cmd.add_option("--policy", a->policy,
                               "Governance policy file whose purposes: section --by purpose groups by");
                cmd.add_option("-o,--output", a->format,
                               "Output format: csv, json or focus (FinOps FOCUS 1.2, one billing period per month)")
                    ->check(CLI::IsMember({"csv", "json", "focus"}));
                cmd.add_option("--output-file", a->out, "Write to this file instead of stdout");
                cmd.add_option("--out-dir", a->out_dir,
                               "With -o focus: write DIR/cluster=NAME/year=YYYY/month=MM/part-0.csv.gz (gzip), the "
                               "partitioned layout Athena, BigQuery and DuckDB read");
                cmd.add_option("--cluster", a->clusters,
                               "With --db: charge only these clusters (comma-separated or repeated; default all). "
                               "With -f: the cluster the export comes from")
                    ->delimiter(',');
                add_scope_flags(cmd, a->scope);
                cmd.footer("Examples:\n"
                           "  kueuegov chargeback --db evidence.db --from 2026-01-01T00:00:00Z --to 2026-02-01T00:00:00Z\n"
                           "  kueuegov chargeback -f export/ --from 2026-01-01T00:00:00Z --to 2026-02-01T00:00:00Z\n"
                           "  kueuegov chargeback -f export/ --from ... --to ... --prices prices.yaml --by localqueue -o focus\n"
                           "  kueuegov chargeback -f export/ --from ... --to ... --by localqueue -n team-a -l cost-center=ml\n"
                           "-n keeps the rows of one namespace (with --by namespace or localqueue), -l the rows of the\n"
                           "LocalQueues whose labels match (with --by localqueue and -f); idle quota is computed over\n"
                           "every queue first, and the total is re-added from the rows kept.\n"
                           "  kueuegov chargeback --db evidence.db --from ... --to ... --by purpose --policy policy.yaml\n"
                           "Quantities are resource-hours (GPU-Hours, Core-Hours, GiB-Hours), 6 decimals; costs use\n"
                           "exact decimal arithmetic. With --db, a ClusterQueue edited in the period is charged under\n"
                           "each quota while it was in force; -f sees one export (reservations open at --to).\n"
                           "FOCUS: the PriceList's billing: section names the billing account and provider, and\n"
                           "listPerHour a list price; see man kueuegov-chargeback.\n"
                           "Exit status: 0 ok; 2 when an input or the store cannot be read; 3 when the store's "
                           "PostgreSQL server cannot be reached.");
                return [a] { return run_chargeback(*a); };
            }};
}

}  // namespace kg::cli
