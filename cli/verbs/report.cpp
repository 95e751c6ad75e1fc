// `kueuegov report`: the evidence report for auditors (audit-evidence.md section 4.3) as one
// self-contained HTML file, Markdown or JSON: scope and period, queue definitions, lint findings,
// per-queue admissions, wait times, usage against nominal quota, preemptions, and the inputs with
// their SHA-256. Evidence here comes from manifests (an export); changes over time and hash-chain
// verification need the audit evidence store and are reported as not covered.
#include "cli/load.h"
#include "cli/verbs.h"
#include "lint/engine.h"
#include "model/enum_names.h"
#include "model/evidence.h"
#include "model/policy.h"
#include "model/time.h"
#include "report/evidence_report.h"

#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <iostream>
#include <map>
#include <memory>

namespace kg::cli {

namespace {

struct ReportArgs {
    std::vector<std::string> paths;
    std::string policy, from, to, format = "html", out, templates, generated_at;
};

std::string sha256_hex(std::string_view text) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (EVP_Digest(text.data(), text.size(), md, &n, EVP_sha256(), nullptr) != 1) return "";
    static const char* hex = "0123456789abcdef";
    std::string s;
    for (unsigned int i = 0; i < n; ++i) {
        s += hex[md[i] >> 4];
        s += hex[md[i] & 15];
    }
    return s;
}

std::string file_sha256(const std::string& name, std::string_view kept) {
    if (!kept.empty()) return sha256_hex(kept);
    std::ifstream in(name, std::ios::binary);
    if (!in) return "unavailable";
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return sha256_hex(text);
}

std::string selector_text(const std::optional<model::LabelSelector>& sel) {
    if (!sel) return "none (matches no namespace)";
    if (sel->is_empty()) return "{} (every namespace)";
    std::string s;
    for (const auto& [k, v] : sel->match_labels) s += (s.empty() ? "" : ", ") + k + "=" + v;
    for (const auto& r : sel->match_expressions) {
        static const char* ops[] = {"in", "notin", "exists", "!exists", "gt", "lt"};
        s += (s.empty() ? "" : ", ") + r.key.value + " " + ops[static_cast<int>(r.op)];
        if (!r.values.empty()) {
            s += " (";
            for (std::size_t i = 0; i < r.values.size(); ++i) s += (i ? "," : "") + r.values[i];
            s += ")";
        }
    }
    return s;
}

/// The preemptor named in a Preempted/Evicted message: Kueue v0.8+ writes "(UID: <uid>" and v0.15+
/// "preemptor path: /<cohort>/<cq>" (audit-evidence.md section 2.3). Older messages name nobody.
std::string preemptor_of(const std::string& msg, const model::Cluster& c) {
    std::string who;
    if (auto p = msg.find("(UID: "); p != std::string::npos) {
        p += 6;
        const auto e = msg.find_first_of(",)", p);
        const std::string uid = msg.substr(p, e == std::string::npos ? std::string::npos : e - p);
        who = "Workload UID " + uid;
        for (const auto& w : c.workloads)
            if (!uid.empty() && w.meta.uid == uid) who = "Workload " + w.meta.namespace_.value + "/" + w.meta.name.value;
    }
    if (auto p = msg.find("preemptor path: "); p != std::string::npos) {
        p += 16;
        const auto e = msg.find(';', p);
        std::string path = msg.substr(p, e == std::string::npos ? std::string::npos : e - p);
        const auto slash = path.rfind('/');
        if (slash != std::string::npos) path = path.substr(slash + 1);
        who += (who.empty() ? "" : " in ") + std::string("ClusterQueue ") + path;
    }
    return who.empty() ? "not named by this Kueue version" : who;
}

void add_usage(report::ReportQueueStats& st, const std::vector<model::QuotaInterval>& ivs,
               const std::vector<model::QuotaVersion>& vs, std::int64_t from, std::int64_t to) {
    // Chart the (flavor, resource) with the most held quota-time, else the first quota.
    std::map<std::pair<std::string, std::string>, __int128> held;
    for (const auto& iv : ivs)
        if (iv.cluster_queue == st.cluster_queue)
            held[{iv.flavor, iv.resource}] +=
                static_cast<__int128>(iv.milli) * (std::min(iv.to, to) - std::max(iv.from, from));
    std::pair<std::string, std::string> pick;
    __int128 best = -1;
    for (const auto& [k, v] : held)
        if (v > best) {
            best = v;
            pick = k;
        }
    const model::QuotaVersion* ver = nullptr;
    for (const auto& v : vs)
        if (v.cluster_queue == st.cluster_queue && (best < 0 || (v.flavor == pick.first && v.resource == pick.second))) {
            ver = &v;
            break;
        }
    if (best < 0 && ver) pick = {ver->flavor, ver->resource};
    if (best < 0 && !ver) return;
    st.usage_flavor = pick.first;
    st.usage_resource = pick.second;
    std::map<std::int64_t, std::int64_t> delta{{from, 0}};
    for (const auto& iv : ivs) {
        if (iv.cluster_queue != st.cluster_queue || iv.flavor != pick.first || iv.resource != pick.second) continue;
        const std::int64_t a = std::max(iv.from, from), b = std::min(iv.to, to);
        if (a >= b) continue;
        delta[a] += iv.milli;
        delta[b] -= iv.milli;
    }
    std::int64_t used = 0;
    for (const auto& [t, d] : delta) {
        used += d;
        if (t >= to) break;
        report::ReportUsagePoint p;
        p.time = t;
        p.used_milli = used;
        p.nominal_milli = ver ? ver->nominal_milli : 0;
        p.borrowing_limit_milli = ver && !ver->cohort.empty() ? ver->borrowing_limit_milli : std::optional<std::int64_t>(0);
        if (!st.usage.empty() && st.usage.back().used_milli == used) continue;
        st.usage.push_back(p);
    }
}

int run_report(const ReportArgs& a, const std::string& command) {
    const auto from = model::parse_rfc3339(a.from), to = model::parse_rfc3339(a.to);
    if (!from || !to || *to <= *from) {
        std::cerr << "kueuegov: error: --from and --to expect RFC 3339 times such as \"2026-01-01T00:00:00Z\" "
                     "with --to after --from, found \""
                  << a.from << "\" and \"" << a.to << "\"\n";
        return k_exit_usage;
    }
    report::Templates tmpl = report::builtin_templates();
    if (!a.templates.empty()) {
        auto t = report::load_templates(a.templates);
        if (!t.has_value()) {
            std::cerr << "kueuegov: error: " << t.error().message << "\n";
            return k_exit_usage;
        }
        tmpl = std::move(*t);
    }
    LoadedInput in = load_inputs(a.paths);
    if (!in.ok || in.diags.error_count() != 0) return k_exit_usage;
    model::Cluster& c = in.cluster;
    model::GovernancePolicy policy;
    if (!a.policy.empty()) {
        model::DiagSink pd;
        auto p = model::load_policy_file(c.files, a.policy, pd);
        for (const model::Diagnostic& d : pd.items()) std::cerr << model::format_diagnostic(c.files, d) << "\n";
        if (!p.has_value() || pd.error_count() != 0) {
            if (!p.has_value()) std::cerr << "kueuegov: error: " << p.error().message << "\n";
            return k_exit_usage;
        }
        policy = std::move(*p);
    }

    report::ReportData d;
    d.scope = std::to_string(c.cluster_queues.size()) + " ClusterQueues, " + std::to_string(c.local_queues.size()) +
              " LocalQueues, " + std::to_string(c.workloads.size()) + " Workloads from " +
              std::to_string(c.files.size() - 1) + " input file(s)";
    d.from = *from;
    d.to = *to;
    d.generated_at = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch()).count();
    if (const char* e = std::getenv("SOURCE_DATE_EPOCH")) d.generated_at = std::atoll(e);
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
    d.not_covered = {"no audit evidence store: changes during the period, who made them, and hash-chain "
                     "verification are not covered",
                     "single export: reservations that ended before the export are not visible; bypass attempts are "
                     "the Jobs in the inputs that run outside Kueue (lint KQ3002/KQ3005)"};

    // Cohort tree.
    std::map<std::string, report::ReportCohort> cohorts;
    for (const auto& co : c.cohorts) {
        auto& r = cohorts[co.meta.name.value];
        r.name = co.meta.name.value;
        r.parent = co.parent_name.value;
        if (!r.parent.empty()) {
            cohorts[r.parent].name = r.parent;
            cohorts[r.parent].members.push_back("cohort " + r.name);
        }
    }
    for (const auto& cq : c.cluster_queues) {
        if (cq.cohort.value.empty()) continue;
        cohorts[cq.cohort.value].name = cq.cohort.value;
        cohorts[cq.cohort.value].members.push_back(cq.meta.name.value);
    }
    for (auto& [n, co] : cohorts) d.cohorts.push_back(co);

    for (const auto& cq : c.cluster_queues) {
        report::ReportQueueDef q;
        q.cluster_queue = cq.meta.name.value;
        q.cohort = cq.cohort.value;
        q.namespace_selector = selector_text(cq.namespace_selector);
        q.preemption = std::string("withinClusterQueue ") + model::name_of(cq.preemption.within_cluster_queue.value) +
                       ", reclaimWithinCohort " + model::name_of(cq.preemption.reclaim_within_cohort.value);
        q.fair_sharing = cq.fair_sharing_weight ? "weight " + cq.fair_sharing_weight->value.to_string() : "weight 1 (default)";
        for (const auto& rg : cq.resource_groups)
            for (const auto& fq : rg.flavors)
                for (const auto& rq : fq.resources)
                    q.quotas.push_back({fq.name.value, rq.name.value, rq.nominal_quota.value.to_string(),
                                        rq.borrowing_limit ? rq.borrowing_limit->value.to_string() : "",
                                        rq.lending_limit ? rq.lending_limit->value.to_string() : ""});
        for (const auto& lq : c.local_queues)
            if (lq.cluster_queue.value == q.cluster_queue)
                q.local_queues.push_back(lq.meta.namespace_.value + "/" + lq.meta.name.value);
        d.queues.push_back(std::move(q));
    }
    for (const auto& f : c.resource_flavors) {
        std::string labels;
        for (const auto& [k, v] : f.node_labels) labels += (labels.empty() ? "" : ", ") + k + "=" + v.value;
        d.flavors.push_back({f.meta.name.value, labels});
    }

    // Lint findings.
    model::KueueConfig kueue = policy.kueue ? *policy.kueue : c.kueue_config.value_or(model::KueueConfig{});
    lint::RuleContext cx{c, policy, kueue, in.diags.items()};
    for (const auto& f : lint::run_lint(cx, lint::LintOptions{}).findings) {
        std::string loc = f.pos.line ? c.files.name(f.pos.file_id) + ":" + std::to_string(f.pos.line) + ":" +
                                           std::to_string(f.pos.col)
                                     : "";
        d.lint_findings.push_back({model::severity_name(f.severity), f.rule + " " + f.name,
                                   f.object.kind + "/" + (f.object.namespace_.empty() ? "" : f.object.namespace_ + "/") +
                                       f.object.name,
                                   f.message, loc});
    }

    // Per-queue effects from the Workloads in the export.
    const model::ExportEvidence ev = model::evidence_from_export(c, *to);
    std::map<std::string, report::ReportQueueStats> stats;
    for (const auto& cq : c.cluster_queues) stats[cq.meta.name.value].cluster_queue = cq.meta.name.value;
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::int64_t>> preempt;
    for (const auto& w : c.workloads) {
        if (w.admission) {
            const auto* qr = w.condition("QuotaReserved");
            if (qr && qr->status == model::ConditionStatus::true_ && qr->last_transition_time &&
                *qr->last_transition_time >= *from && *qr->last_transition_time < *to) {
                auto& st = stats[w.admission->cluster_queue];
                st.cluster_queue = w.admission->cluster_queue;
                ++st.admissions;
                if (w.meta.creation_timestamp)
                    st.waits_seconds.push_back(std::max<std::int64_t>(0, *qr->last_transition_time - *w.meta.creation_timestamp));
            }
        }
        for (const char* type : {"Preempted", "Evicted"}) {
            const auto* cond = w.condition(type);
            if (!cond || cond->status != model::ConditionStatus::true_ || !cond->last_transition_time ||
                *cond->last_transition_time < *from || *cond->last_transition_time >= *to)
                continue;
            std::string cq = w.admission ? w.admission->cluster_queue : "";
            if (cq.empty())
                for (const auto& lq : c.local_queues)
                    if (lq.meta.name.value == w.queue_name.value && lq.meta.namespace_.value == w.meta.namespace_.value)
                        cq = lq.cluster_queue.value;
            if (cq.empty()) continue;
            preempt[cq][{std::string(type) + ": " + cond->reason, preemptor_of(cond->message, c)}] += 1;
            break;
        }
    }
    // Bypass attempts: lint's findings of Jobs running outside Kueue in namespaces served by a
    // ClusterQueue (KQ3002, KQ3005), counted against each ClusterQueue serving the namespace.
    for (const auto& f : d.lint_findings) {
        if (f.rule.rfind("KQ3002", 0) != 0 && f.rule.rfind("KQ3005", 0) != 0) continue;
        const auto s1 = f.object.find('/'), s2 = f.object.find('/', s1 + 1);
        if (s1 == std::string::npos || s2 == std::string::npos) continue;
        const std::string ns = f.object.substr(s1 + 1, s2 - s1 - 1);
        std::vector<std::string> seen;
        for (const auto& lq : c.local_queues)
            if (lq.meta.namespace_.value == ns &&
                std::find(seen.begin(), seen.end(), lq.cluster_queue.value) == seen.end()) {
                seen.push_back(lq.cluster_queue.value);
                if (auto it = stats.find(lq.cluster_queue.value); it != stats.end()) ++it->second.bypass_attempts;
            }
    }
    for (auto& [name, st] : stats) {
        for (const auto& [k, n] : preempt[name]) st.preemptions.push_back({k.first, k.second, n});
        add_usage(st, ev.intervals, ev.versions, *from, *to);
        d.queue_stats.push_back(std::move(st));
    }
    for (std::uint32_t i = 1; i < c.files.size(); ++i)
        d.sources.push_back({c.files.name(i), i == c.files.size() - 1 && !a.policy.empty() ? "policy" : "manifests",
                             file_sha256(c.files.name(i), c.files.text(i)), 0});

    const auto f = a.format == "json" ? report::ReportFormat::json
                   : a.format == "md" || a.format == "markdown" ? report::ReportFormat::markdown
                                                                : report::ReportFormat::html;
    std::ofstream file;
    std::ostream* out = &std::cout;
    if (!a.out.empty() && a.out != "-") {
        file.open(a.out, std::ios::binary);
        if (!file) {
            std::cerr << "kueuegov: error: cannot write " << a.out << "\n";
            return k_exit_usage;
        }
        out = &file;
    }
    auto r = report::render_evidence_report(*out, d, f, tmpl);
    if (!r.has_value()) {
        std::cerr << "kueuegov: error: " << r.error().message << "\n";
        return k_exit_usage;
    }
    return *out ? k_exit_ok : k_exit_usage;
}

}  // namespace

Verb report_verb() {
    return {"report", "Evidence report for auditors: queue definitions, findings, admissions, usage (HTML, Markdown, JSON)",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<ReportArgs>();
                add_filename_flags(cmd, a->paths);
                cmd.add_option("--policy", a->policy, "Governance policy file for the lint findings");
                cmd.add_option("--from", a->from, "Period start, RFC 3339 (inclusive)")->required();
                cmd.add_option("--to", a->to, "Period end, RFC 3339 (exclusive); also the export's time")->required();
                cmd.add_option("--format", a->format, "html, md or json")
                    ->check(CLI::IsMember({"html", "md", "markdown", "json"}));
                cmd.add_option("-o,--output", a->out, "Write the report to this file (default stdout)");
                cmd.add_option("--templates", a->templates,
                               "Directory with report.html.mustache, report.md.mustache or partials overriding the built-in layouts");
                cmd.add_option("--generated-at", a->generated_at,
                               "Generated-at time to print (RFC 3339), for reproducible reports");
                cmd.footer("Examples:\n"
                           "  kueuegov report -f export/ --policy policy.yaml --from 2026-01-01T00:00:00Z \\\n"
                           "      --to 2026-04-01T00:00:00Z --format html -o q1-evidence.html\n"
                           "The HTML is one self-contained file (inline CSS and SVG, no scripts). SOURCE_DATE_EPOCH\n"
                           "fixes the generated-at time. Exit status: 0 ok; 2 when an input cannot be read.");
                return [a] {
                    std::string command = "kueuegov report";
                    for (const auto& p : a->paths) command += " -f " + p;
                    if (!a->policy.empty()) command += " --policy " + a->policy;
                    command += " --from " + a->from + " --to " + a->to + " --format " + a->format;
                    return run_report(*a, command);
                };
            }};
}

}  // namespace kg::cli
