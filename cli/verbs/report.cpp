// `kueuegov report`: the evidence report for auditors (audit-evidence.md section 4.3) as one
// self-contained HTML file, Markdown or JSON: scope and period, queue definitions as of the end of
// the period with the changes during it, lint and history findings, per-queue admissions, wait
// times, usage against nominal quota and borrowing, preemptions, bypass attempts, and the
// evidence's integrity. With --db the evidence is the audit store (the full history of the
// period, hash-chain verified); with -f alone it is one export, and the report says what that
// cannot show. audit/effects computes the parts, report/evidence_data.h converts them; this
// file is flags and orchestration.
#include "audit/check/engine.h"
#include "audit/check/store_view.h"
#include "audit/effects/bypass.h"
#include "audit/effects/changes.h"
#include "audit/effects/definitions.h"
#include "audit/effects/inventory.h"
#include "audit/effects/queue_effects.h"
#include "audit/effects/rbac_section.h"
#include "audit/store/queries.h"
#include "audit/store/store.h"
#include "cli/cluster_flag.h"
#include "cli/evidence_source.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/output_flag.h"
#include "cli/policy_flag.h"
#include "cli/verbs.h"
#include "lint/engine.h"
#include "model/policy.h"
#include "model/time.h"
#include "report/diagnostic_render.h"
#include "report/escape.h"
#include "report/evidence_data.h"
#include "report/evidence_report.h"
#include "report/purpose_section.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <memory>

namespace kg::cli {

namespace {

struct ReportArgs {
    std::vector<std::string> paths;
    std::string db, policy, from, to, format = "html", format_alias, out, templates, generated_at;
    std::vector<std::string> clusters;
};

/// Settles -o: a report format, or (deprecated, one release) the output file `report -o FILE`
/// used to name (cli/output_flag.h). --format is a deprecated alias of -o.
bool report_output_flag(ReportArgs& a) {
    if (!a.format_alias.empty()) {
        std::cerr << "kueuegov: warning: report --format is deprecated; use -o " << a.format_alias << "\n";
        a.format = a.format_alias;
        return true;
    }
    return settle_output_flag("report", a.format, a.out, {"html", "md", "markdown", "json"}, "html");
}

/// What the report says about the inputs and, with a store, the cluster it is scoped to (named in
/// the scope when `cluster` is not empty). `chain`: the store's verification when the caller
/// made it once for several clusters (else verified here). False, after printing why, when the
/// policy file is bad; its diagnostics are printed only with `print_diags` (once per run).
bool fill_report(const ReportArgs& a, LoadedInput in, audit::EvidenceStore* store, const std::string& cluster,
                 std::int64_t from, std::int64_t to, const audit::ChainVerification* chain, bool print_diags,
                 report::ReportData& d) {
    model::Cluster& c = in.cluster;
    // Without manifests, the definitions are the policy objects as the store last saw them.
    if (a.paths.empty()) audit::effects::load_policy_from_store(*store, to * 1'000'000, c);

    model::GovernancePolicy policy;
    if (!load_policy_flag(a.policy, c.files, policy, print_diags)) return false;

    d.scope = std::to_string(c.cluster_queues.size()) + " ClusterQueues, " + std::to_string(c.local_queues.size()) +
              " LocalQueues";
    if (!a.paths.empty())
        d.scope += ", " + std::to_string(c.workloads.size()) + " Workloads from " + std::to_string(a.paths.size()) +
                   " input path(s)";
    if (store) d.scope += (a.paths.empty() ? " as captured in the evidence store " : "; evidence store ") + store_display(a.db);
    if (!cluster.empty()) d.scope += ", cluster " + cluster;
    d.from = from;
    d.to = to;
    report::add_queue_definitions(d, c);

    model::KueueConfig kueue = policy.kueue ? *policy.kueue : c.kueue_config.value_or(model::KueueConfig{});
    lint::RuleContext cx{c, policy, kueue, in.diags.items()};
    const std::vector<model::Finding> lint_findings = lint::run_lint(cx, lint::LintOptions{}).findings;
    for (const auto& f : lint_findings) d.lint_findings.push_back(report::report_finding(f, c.files));
    const audit::effects::Span span{from, to};

    if (store) {
        audit::check::HistoryView view;
        view.policy = policy;
        view.kueue = kueue;
        view.period.from_us = from * 1'000'000;
        view.period.to_us = to * 1'000'000;
        audit::check::fill_view(*store, view);
        const audit::check::CheckResult checked = audit::check::run_checks(view, {});
        for (const auto& f : checked.findings) d.history_findings.push_back(report::report_finding(f, checked.files));
        report::add_changes(d, audit::effects::changes_in_period(view.changes, span));
        report::add_effects(d, audit::effects::effects_from_history(
                                   view, c, span, audit::effects::bypass_jobs_from_findings(checked.findings)));
        if (!policy.purposes.empty())
            report::add_purposes(d, audit::effects::purpose_effects(view.steps, view.intervals, span, policy.purposes));
        report::add_sources(d, audit::effects::store_inventory(audit::query::sources(*store)));
        report::add_rbac(d, audit::effects::rbac_section(view.rbac, view.period.from_us.value_or(0),
                                                         view.period.to_us.value_or(0)));
        // A report on one cluster of a fleet store re-hashes that cluster's chain only: each cluster
        // has its own, so the others' rows need not be read (issue 15's one-of-ten cluster-months).
        if (chain)
            report::add_cluster_chain(d, *chain, cluster);
        else
            report::add_chain(d, cluster.empty() ? store->verify() : store->verify_cluster(cluster));
        if (a.paths.empty())
            d.not_covered.push_back("queue definitions rebuilt from the store: objects never written (or exported) "
                                    "in the ingested sources are missing; give the manifests with -f to judge them");
        if (a.policy.empty())
            d.not_covered.push_back("no --policy: platform owners, trust domains and change-record annotations are "
                                    "not known, so history rules that need them did not run");
    } else {
        d.not_covered = {"no audit evidence store (--db): changes during the period, who made them, history checks "
                         "and hash-chain verification are not covered",
                         "single export: reservations that ended before the export are not visible; bypass attempts "
                         "are the Jobs in the inputs that run outside Kueue (lint KQ3002/KQ3005)"};
        report::add_effects(d, audit::effects::effects_from_export(
                                   c, span, audit::effects::bypass_jobs_from_findings(lint_findings)));
        if (!policy.purposes.empty())
            d.not_covered.push_back("no audit evidence store (--db): admissions, waits, preemptions and usage per "
                                    "purpose need the store's history");
    }
    if (!a.paths.empty()) report::add_sources(d, audit::effects::manifest_inventory(c, !a.policy.empty()));

    return true;
}

int run_report(const ReportArgs& a, const std::string& command) {
    const auto from = model::parse_rfc3339(a.from), to = model::parse_rfc3339(a.to);
    if (!from || !to) {
        const std::string& bad = !from ? a.from : a.to;
        std::cerr << "kueuegov: error: --" << (!from ? "from" : "to") << " expects an RFC 3339 time such as "
                  << "\"2026-01-01T00:00:00Z\", found \"" << bad << "\"" << model::rfc3339_problem_suffix(bad) << "\n";
        return k_exit_usage;
    }
    if (*to <= *from) {
        std::cerr << "kueuegov: error: --from and --to expect RFC 3339 times such as \"2026-01-01T00:00:00Z\" "
                     "with --to after --from, found \""
                  << a.from << "\" and \"" << a.to << "\"\n";
        return k_exit_usage;
    }
    report::Templates tmpl = report::builtin_templates();
    if (!a.templates.empty()) {
        auto t = report::load_templates(a.templates, input_load_options());
        if (!t.has_value()) {
            std::cerr << "kueuegov: error: " << t.error().message << "\n";
            return k_exit_usage;
        }
        tmpl = std::move(*t);
    }
    if (a.db.empty() && a.paths.empty()) {
        std::cerr << "kueuegov: error: report needs evidence: an audit evidence store (--db FILE), manifests or "
                     "an export (-f PATH...), or both\n";
        return k_exit_usage;
    }
    LoadedInput in;
    if (!a.paths.empty()) {
        in = load_inputs(a.paths);
        if (!in.ok || in.diags.error_count() != 0) return k_exit_usage;
    }
    std::unique_ptr<audit::EvidenceStore> store;
    std::vector<std::string> clusters;
    bool grouped = false;  ///< the store holds several clusters: the scope names the one reported on
    if (!a.db.empty()) {
        store = open_store_or_report(a.db);
        if (!store) return k_exit_usage;
        const auto selected = selected_clusters(*store, a.clusters);
        if (!selected) return k_exit_usage;
        clusters = *selected;
        grouped = group_by_cluster(*store);
        // Manifests (-f) describe one cluster: with them, the report is about that one.
        if (clusters.size() > 1 && !a.paths.empty()) {
            std::string list;
            for (const std::string& c : clusters) list += (list.empty() ? "" : ", ") + report::escape_terminal(c);
            std::cerr << "kueuegov: error: the evidence store holds several clusters (" << list
                      << ") and -f gives the manifests of one: give --cluster NAME\n";
            return k_exit_usage;
        }
    }
    report::ReportData d;
    if (clusters.size() > 1) {
        // One section per cluster, each built exactly as the report of that cluster alone; the
        // chain is verified once (it covers every cluster) and each section shows its own head.
        const audit::ChainVerification chain = store->verify();
        for (std::size_t i = 0; i < clusters.size(); ++i) {
            store->set_cluster_scope(clusters[i]);
            report::ReportData section;
            if (!fill_report(a, in, store.get(), clusters[i], *from, *to, &chain, i == 0, section))
                return k_exit_usage;
            section.cluster = clusters[i];
            d.cluster_sections.push_back(std::move(section));
        }
        d.scope = std::to_string(clusters.size()) + " clusters (";
        for (std::size_t i = 0; i < clusters.size(); ++i) d.scope += (i ? ", " : "") + clusters[i];
        d.scope += ") of the evidence store " + store_display(a.db) + ", one section per cluster";
        d.from = *from;
        d.to = *to;
        d.not_covered = d.cluster_sections.front().not_covered;  // the same for every cluster
    } else {
        if (!clusters.empty()) store->set_cluster_scope(clusters.front());
        if (!fill_report(a, std::move(in), store.get(), grouped ? clusters.front() : std::string(), *from, *to,
                         nullptr, true, d))
            return k_exit_usage;
    }
    d.generated_at = model::reproducible_now();
    if (!a.generated_at.empty()) {
        const auto g = model::parse_rfc3339(a.generated_at);
        if (!g) {
            std::cerr << "kueuegov: error: --generated-at expects an RFC 3339 time, found \"" << a.generated_at << "\"\n";
            return k_exit_usage;
        }
        d.generated_at = *g;
    }
    d.tool_version = KG_VERSION;
    d.command = command;
    const auto f = a.format == "json" ? report::ReportFormat::json
                   : a.format == "md" || a.format == "markdown" ? report::ReportFormat::markdown
                                                                : report::ReportFormat::html;
    // Render first, so a template error leaves no output file at all.
    std::ostringstream text;
    auto r = report::render_evidence_report(text, d, f, tmpl);
    if (!r.has_value()) {
        std::cerr << "kueuegov: error: " << r.error().message << "\n";
        return k_exit_usage;
    }
    return write_output(a.out, [&](std::ostream& out) { out << text.str(); }) ? k_exit_ok : k_exit_usage;
}

}  // namespace

Verb report_verb() {
    return {"report", "Evidence report for auditors: queue definitions, findings, admissions, usage (HTML, Markdown, JSON)",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<ReportArgs>();
                add_filename_flags(cmd, a->paths, false);
                cmd.add_option("--db", a->db,
                               "Audit evidence store (kueuegov audit ingest: SQLite file or postgresql:// URL): changes, history findings, admissions, "
                               "waits, preemptions, usage and hash-chain verification for the period");
                cmd.add_option("--policy", a->policy, "Governance policy file for the lint and history findings");
                add_cluster_filter_flag(cmd, a->clusters);
                cmd.add_option("--from", a->from, "Period start, RFC 3339 (inclusive)")->required();
                cmd.add_option("--to", a->to, "Period end, RFC 3339 (exclusive); also the export's time")->required();
                // -o is the format, as in every other verb; until 0.2 a value that is no format is
                // taken as the file it used to name, with a warning (report_output_flag below).
                auto* fmt = cmd.add_option("-o,--output", a->format, "Output format: html, md or json (default html)")
                                ->check(deprecated_file_formats({"html", "md", "json"}));
                cmd.add_option("--format", a->format_alias, "Same as -o (deprecated)")
                    ->check(CLI::IsMember({"html", "md", "markdown", "json"}))
                    ->excludes(fmt);
                cmd.add_option("--output-file", a->out, "Write the report to this file (default stdout)");
                cmd.add_option("--templates", a->templates,
                               "Directory with report.html.mustache, report.md.mustache or partials overriding the built-in layouts");
                cmd.add_option("--generated-at", a->generated_at,
                               "Generated-at time to print (RFC 3339), for reproducible reports");
                cmd.footer("Examples:\n"
                           "  kueuegov report --db evidence.db -f queues/ --policy policy.yaml \\\n"
                           "      --from 2026-01-01T00:00:00Z --to 2026-04-01T00:00:00Z -o html --output-file q1-evidence.html\n"
                           "  kueuegov report -f export/ --from 2026-01-01T00:00:00Z --to 2026-04-01T00:00:00Z -o md\n"
                           "Queue definitions come from -f when given, else from the store as of --to.\n"
                           "The HTML is one self-contained file (inline CSS and SVG, no scripts). SOURCE_DATE_EPOCH\n"
                           "fixes the generated-at time. Exit status: 0 ok; 2 when an input or the store cannot be read; 3 when the store's "
                           "PostgreSQL server cannot be reached.");
                return [a] {
                    if (!report_output_flag(*a)) return static_cast<int>(k_exit_usage);
                    std::string command = "kueuegov report";
                    if (!a->db.empty()) command += " --db " + store_display(a->db);
                    for (const auto& p : a->paths) command += " -f " + p;
                    if (!a->policy.empty()) command += " --policy " + a->policy;
                    command += " --from " + a->from + " --to " + a->to + " -o " + a->format;
                    return run_report(*a, command);
                };
            }};
}

}  // namespace kg::cli
