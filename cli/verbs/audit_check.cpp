// `kueuegov audit check --db FILE`: runs the history rules (audit/check, KQ5xxx) over the
// evidence store: fills a HistoryView from the store's queries, runs the rules, renders
// the findings like lint's (plus actor and time) and maps them to an exit code.
#include "audit/check/engine.h"
#include "audit/check/store_view.h"
#include "audit/store/queries.h"
#include "audit/store/store.h"
#include "cli/ci_paths.h"
#include "cli/cluster_flag.h"
#include "cli/evidence_source.h"
#include "cli/fail_on.h"
#include "cli/load.h"
#include "cli/policy_flag.h"
#include "cli/verbs/audit.h"
#include "lint/rule.h"
#include "model/policy.h"
#include "model/time.h"
#include "report/diagnostic_render.h"
#include "report/findings_render.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>

namespace kg::cli {

namespace {

struct CheckArgs {
    std::string db, policy, from, to, output = "text", fail_on = "error", preemption_burst, sarif_root;
    std::vector<std::string> enable, disable, clusters;
    bool list_rules = false;
};

std::vector<report::RuleEntry> history_rule_meta() {
    std::vector<report::RuleEntry> out;
    for (const audit::check::Rule& r : audit::check::registry()) {
        out.push_back({r.info, audit::check::rule_doc(r.info->id)});
    }
    return out;
}

int list_rules(const CheckArgs& a) {
    if (a.output == "json") {
        report::render_rule_list_json(std::cout, history_rule_meta());
    } else if (a.output == "text") {
        report::render_rule_list_text(std::cout, history_rule_meta());
    } else {
        std::cerr << "kueuegov: error: --list-rules supports -o text or json, found \"" << a.output << "\"\n";
        return k_exit_usage;
    }
    return k_exit_ok;
}

std::set<std::string> rule_ids(const std::vector<std::string>& v, bool& ok) {
    std::set<std::string> out;
    for (const std::string& id : v) {
        if (!audit::check::find_rule(id)) {
            std::cerr << "kueuegov: error: unknown history rule \"" << id << "\" (see kueuegov audit check --list-rules)\n";
            ok = false;
        }
        out.insert(id);
    }
    return out;
}

/// --from/--to: RFC 3339 to Unix microseconds.
bool parse_time(const std::string& flag, const std::string& text, std::optional<std::int64_t>& out) {
    if (text.empty()) {
        return true;
    }
    auto s = model::parse_rfc3339(text);
    if (!s) {
        std::cerr << "kueuegov: error: " << flag << " expects an RFC 3339 time like 2026-10-05T00:00:00Z, found \""
                  << text << "\"" << model::rfc3339_problem_suffix(text) << "\n";
        return false;
    }
    out = *s * 1000000;
    return true;
}

/// --preemption-burst COUNT/SECONDS, e.g. 10/300.
bool parse_burst(const std::string& text, audit::check::Thresholds& t) {
    if (text.empty()) {
        return true;
    }
    std::size_t slash = text.find('/');
    std::int64_t n = 0, s = 0;
    auto whole = [](std::string_view v, std::int64_t& out) {
        auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
        return ec == std::errc() && end == v.data() + v.size() && out > 0 && out <= 1000000000;
    };
    if (slash == std::string::npos || !whole(std::string_view(text).substr(0, slash), n) ||
        !whole(std::string_view(text).substr(slash + 1), s)) {
        std::cerr << "kueuegov: error: --preemption-burst expects COUNT/SECONDS with positive integers, e.g. 10/300, found \""
                  << text << "\"\n";
        return false;
    }
    t.preemption_burst_count = n;
    t.preemption_burst_window_s = s;
    return true;
}

/// Appends `part` to `all`, its file ids re-pointed into all.files, each finding marked with
/// the cluster it was found in.
void merge_cluster_findings(audit::check::CheckResult& all, audit::check::CheckResult part, const std::string& cluster) {
    std::map<std::uint32_t, std::uint32_t> ids;
    auto remap = [&](model::SourcePos& p) {
        if (p.file_id == 0) return;
        auto [it, fresh] = ids.try_emplace(p.file_id, 0);
        if (fresh) it->second = all.files.add(part.files.name(p.file_id));
        p.file_id = it->second;
    };
    for (model::Finding& f : part.findings) {
        remap(f.pos);
        for (model::RelatedPos& r : f.related) remap(r.pos);
        f.cluster = cluster;
        all.findings.push_back(std::move(f));
    }
    for (const audit::check::Rule* r : part.rules_run)
        if (std::find(all.rules_run.begin(), all.rules_run.end(), r) == all.rules_run.end()) all.rules_run.push_back(r);
}

int run_check(const CheckArgs& a) {
    const auto started = std::chrono::steady_clock::now();
    if (a.list_rules) {
        return list_rules(a);
    }
    CiPaths ci;
    if (!ci_paths(a.sarif_root, ci)) {
        return k_exit_usage;
    }
    bool ok = true;
    audit::check::CheckOptions opt;
    opt.enable = rule_ids(a.enable, ok);
    opt.disable = rule_ids(a.disable, ok);
    audit::check::HistoryView view;
    ok = parse_time("--from", a.from, view.period.from_us) && ok;
    ok = parse_time("--to", a.to, view.period.to_us) && ok;
    ok = parse_burst(a.preemption_burst, view.thresholds) && ok;
    if (!ok) {
        return k_exit_usage;
    }
    if (view.period.from_us && view.period.to_us && *view.period.from_us >= *view.period.to_us) {
        std::cerr << "kueuegov: error: --from " << a.from << " is not before --to " << a.to << "\n";
        return k_exit_usage;
    }
    if (!store_present(a.db)) return k_exit_usage;
    if (!a.policy.empty()) {
        model::SourceFiles files;
        if (!load_policy_flag(a.policy, files, view.policy)) {
            return k_exit_usage;
        }
        if (view.policy.kueue) {
            view.kueue = *view.policy.kueue;
        }
    }

    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_only);
    const auto clusters = selected_clusters(store, a.clusters);
    if (!clusters) return k_exit_usage;
    // Each cluster is judged on its own (a ClusterQueue of one name in two clusters is two
    // queues). Every finding carries its cluster; with several clusters in the store, the
    // messages people read name it too.
    const bool grouped = group_by_cluster(store);
    audit::check::CheckResult res;
    report::FindingsSummary sum{0, 0, 0, 0, grouped};
    for (const std::string& cluster : *clusters) {
        store.set_cluster_scope(cluster);
        audit::check::HistoryView v = view;
        audit::check::fill_view(store, v);
        audit::check::CheckResult part = audit::check::run_checks(v, opt);
        sum.files += audit::query::sources(store).size();
        sum.objects += audit::check::object_count(v);
        merge_cluster_findings(res, std::move(part), cluster);
    }
    if (a.output == "json") {
        report::render_findings_json(std::cout, res.files, res.findings, sum);
    } else if (a.output == "sarif") {
        report::render_findings_sarif(std::cout, res.files, res.findings, history_rule_meta(),
                                      {KG_VERSION, "kueuegov/audit-check/", ci.cwd, ci.root, grouped});
    } else if (a.output == "junit") {
        std::vector<report::RuleEntry> ran;
        for (const audit::check::Rule* r : res.rules_run) ran.push_back({r->info, audit::check::rule_doc(r->info->id)});
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
        report::render_history_junit(std::cout, res.files, res.findings,
                                     {*clusters, std::move(ran), fail_threshold(a.fail_on), took.count()});
    } else if (a.output == "codeclimate") {
        report::render_findings_codeclimate(std::cout, res.files, res.findings, history_rule_meta(), ci.cwd, grouped);
    } else {
        report::render_findings_text(std::cout, res.files, res.findings, sum);
    }
    return exit_for_findings(res.findings, a.fail_on);
}

}  // namespace

Verb audit_check_subcommand() {
    return {"check", "Run the history rules (KQ5xxx) over the evidence store: who changed queue policy, bypasses, "
                     "relabels, forced admissions, usage above quota, preemption bursts, missing change records",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<CheckArgs>();
                cmd.add_option("--db", a->db, "Evidence store written by audit ingest: SQLite file or postgresql:// URL");
                add_input_limit_flags(cmd);
                add_cluster_filter_flag(cmd, a->clusters);
                cmd.add_option("--policy", a->policy,
                               "Governance policy file: platformOwners, changeRecordAnnotation, kueue:, rules:");
                cmd.add_option("--from", a->from, "Judge only events at or after this RFC 3339 time");
                cmd.add_option("--to", a->to, "Judge only events before this RFC 3339 time");
                cmd.add_option("-o,--output", a->output, "Output format")
                    ->check(CLI::IsMember({"text", "json", "sarif", "junit", "codeclimate"}));
                cmd.add_option("--fail-on", a->fail_on, "Exit 1 when a finding is at or above this severity")
                    ->check(CLI::IsMember({"error", "warning", "info", "never"}));
                cmd.add_option("--enable", a->enable, "Run only these rules (comma-separated ids)")->delimiter(',');
                cmd.add_option("--disable", a->disable, "Do not run these rules (comma-separated ids)")->delimiter(',');
                cmd.add_option("--preemption-burst", a->preemption_burst,
                               "KQ5006 threshold as COUNT/SECONDS (default 10/300)");
                cmd.add_option("--sarif-root", a->sarif_root,
                               "-o sarif: make file URIs relative to this directory, with uriBaseId SRCROOT; "
                               "default: relative to the working directory");
                cmd.add_flag("--list-rules", a->list_rules, "List the history rules (-o text or json) and exit");
                cmd.footer("Examples:\n"
                           "  kueuegov audit check --db evidence.db --policy policy.yaml\n"
                           "  kueuegov audit check --db evidence.db --from 2026-10-01T00:00:00Z --to 2026-11-01T00:00:00Z\n"
                           "  kueuegov audit check --db evidence.db -o sarif > history.sarif\n"
                           "  kueuegov audit check --db evidence.db -o codeclimate > gl-code-quality.json\n"
                           "  kueuegov audit check --db evidence.db -o junit > history-junit.xml\n"
                           "  kueuegov audit check --db evidence.db --enable KQ5005,KQ5006 --preemption-burst 5/60\n"
                           "  kueuegov audit check --list-rules\n"
                           "Exit status: 0 no finding at or above --fail-on (default error); 1 findings at or above "
                           "it;\n2 usage error, a store that cannot be opened, or an invalid policy file.");
                return [a] {
                    if (a->db.empty() && !a->list_rules) {
                        std::cerr << "kueuegov: error: audit check needs --db FILE\n";
                        return static_cast<int>(k_exit_usage);
                    }
                    return run_check(*a);
                };
            }};
}

}  // namespace kg::cli
