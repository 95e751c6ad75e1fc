// `kueuegov chargeback`: resource-hours of held quota per group, flavor and resource, split into
// usage within nominal quota, borrowed usage, quota lent to cohort peers and idle nominal quota,
// priced from a PriceList, as CSV, JSON or FinOps FOCUS. Math: audit/chargeback.h; exports:
// report/chargeback_export.h. Evidence comes from the audit evidence store (--db: every
// reservation of the period and the quota in force at each instant) or from manifests (an
// export of Workloads and ClusterQueues: single-export fidelity, audit-evidence.md section 3.4).
#include "audit/chargeback.h"
#include "audit/evidence.h"
#include "audit/store/store.h"
#include "cli/evidence_source.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/verbs.h"
#include "audit/held_quota.h"
#include "model/policy.h"
#include "model/time.h"
#include "report/chargeback_export.h"
#include "report/diagnostic_render.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct ChargebackArgs {
    std::vector<std::string> paths;
    std::string db;
    std::string from, to, prices, by = "clusterqueue", format = "csv", out;
};

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
    LoadedInput in;
    if (!a.paths.empty()) {
        in = load_inputs(a.paths);
        if (!in.ok || in.diags.error_count() != 0) return k_exit_usage;
    }
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
    audit::HeldQuotaEvidence held;
    if (!a.db.empty()) {
        auto store = open_store_or_report(a.db);
        if (!store) return k_exit_usage;
        held = audit::held_quota_from_store(*store, *from, *to);
    } else {
        held = audit::held_quota_from_export(in.cluster, *to);
    }
    const audit::ExportEvidence& ev = held.evidence;
    audit::ChargebackInput ci;
    ci.from = *from;
    ci.to = *to;
    ci.group = *audit::parse_chargeback_group(a.by);
    ci.intervals = &ev.intervals;
    ci.versions = &ev.versions;
    ci.prices = have_prices ? &prices : nullptr;
    std::cerr << "chargeback: " << held.fidelity << "\n";
    if (a.format == "focus") {
        // FOCUS rows belong to one billing period each: the period is charged month by month.
        auto months = audit::compute_chargeback_by_month(ci);
        if (!months.has_value()) {
            std::cerr << "kueuegov: error: " << months.error().message << "\n";
            return k_exit_usage;
        }
        std::vector<std::string> unpriced;
        for (const auto& m : *months)
            for (const auto& u : m.unpriced)
                if (std::find(unpriced.begin(), unpriced.end(), u) == unpriced.end()) unpriced.push_back(u);
        for (const auto& u : unpriced) std::cerr << "chargeback: warning: no price for " << u << "\n";
        if (!have_prices)
            std::cerr << "chargeback: warning: no --prices: FOCUS costs are 0 " << prices.currency
                      << ", and the billing account and provider columns carry the PriceList defaults\n";
        bool written = write_output(a.out, [&](std::ostream& out) { report::render_focus(out, *months); });
        return written ? k_exit_ok : k_exit_usage;
    }
    auto res = audit::compute_chargeback(ci);
    if (!res.has_value()) {
        std::cerr << "kueuegov: error: " << res.error().message << "\n";
        return k_exit_usage;
    }
    for (const auto& u : res->unpriced) std::cerr << "chargeback: warning: no price for " << u << "\n";
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
                cmd.add_option("--by", a->by, "Group rows by clusterqueue, localqueue, namespace or flavor")
                    ->check(CLI::IsMember({"clusterqueue", "localqueue", "namespace", "flavor"}));
                cmd.add_option("-o,--output", a->format,
                               "Output format: csv, json or focus (FinOps FOCUS 1.2, one billing period per month)")
                    ->check(CLI::IsMember({"csv", "json", "focus"}));
                cmd.add_option("--output-file", a->out, "Write to this file instead of stdout");
                cmd.footer("Examples:\n"
                           "  kueuegov chargeback --db evidence.db --from 2026-01-01T00:00:00Z --to 2026-02-01T00:00:00Z\n"
                           "  kueuegov chargeback -f export/ --from 2026-01-01T00:00:00Z --to 2026-02-01T00:00:00Z\n"
                           "  kueuegov chargeback -f export/ --from ... --to ... --prices prices.yaml --by localqueue -o focus\n"
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
