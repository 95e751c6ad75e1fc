// The evidence report for auditors (/work/shared/design/audit-evidence.md section 4.3): scope and
// period, queue definitions at the end of the period with the changes during it, lint and history
// findings, per-queue operational effects (admissions, wait-time percentiles, usage against
// nominal and borrowing, preemptions, bypass attempts) and evidence integrity. report/evidence_data.h
// fills ReportData from the engines' results; this file renders it through mustache
// layouts (templates/, embedded at build time, overridable with a directory) as one
// self-contained HTML file (inline CSS and SVG, no scripts), Markdown, or JSON.
#pragma once

#include "model/loader.h"
#include "report/evidence_rbac.h"
#include "model/result.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace kg::report {

struct ReportQuota {
    std::string flavor, resource, nominal, borrowing_limit, lending_limit;  ///< quantities as written
};

struct ReportQueueDef {
    std::string cluster_queue, cohort, namespace_selector, preemption, fair_sharing;
    std::vector<ReportQuota> quotas;
    std::vector<std::string> local_queues;  ///< "namespace/name"
};

struct ReportFlavor {
    std::string name, node_labels;  ///< node_labels as "k=v, k=v"
};

struct ReportCohort {
    std::string name, parent;
    std::vector<std::string> members;  ///< ClusterQueues and child cohorts
};

struct ReportChange {
    std::int64_t time = 0;
    std::string actor, verb, object, summary;
};

struct ReportFinding {
    std::string severity, rule, object, message, location;
};

/// One step of a queue's usage of one (flavor, resource), in force from `time` on.
struct ReportUsagePoint {
    std::int64_t time = 0;
    std::int64_t used_milli = 0, nominal_milli = 0;
    std::optional<std::int64_t> borrowing_limit_milli;  ///< nullopt = unlimited
};

struct ReportPreemption {
    std::string reason, preemptor;
    std::int64_t count = 0;
};

struct ReportQueueStats {
    std::string cluster_queue;
    std::int64_t admissions = 0;
    std::vector<std::int64_t> waits_seconds;  ///< one per admission: creation to quota reserved
    std::string usage_flavor, usage_resource;  ///< what `usage` charts
    std::vector<ReportUsagePoint> usage;
    std::vector<ReportPreemption> preemptions;
    std::int64_t bypass_attempts = 0;
};

/// A Job that ran outside Kueue in a namespace several ClusterQueues serve: listed once.
struct ReportBypass {
    std::string job, namespace_, serving;  ///< serving: "cq-a, cq-b"
};

/// Work of one purpose in the period (the policy's purposes:, audit/effects/purpose_effects.h).
struct ReportPurpose {
    std::string purpose;
    std::int64_t admissions = 0, preemptions = 0;
    std::vector<std::int64_t> waits_seconds;
    std::vector<std::pair<std::string, std::string>> usage;  ///< (resource, "12.500000 GPU-Hours")
};

struct ReportSource {
    std::string name, kind, sha256;
    std::int64_t records = 0;
};

struct ReportData {
    std::string title = "Kueue governance evidence report";
    std::string scope;  ///< clusters / inputs in scope
    std::int64_t from = 0, to = 0, generated_at = 0;
    std::string tool_version, command;
    std::vector<ReportCohort> cohorts;
    std::vector<ReportQueueDef> queues;
    std::vector<ReportFlavor> flavors;
    std::vector<ReportChange> changes;
    std::vector<ReportFinding> lint_findings, history_findings;
    std::vector<ReportQueueStats> queue_stats;
    std::vector<ReportBypass> unattributed_bypass;
    /// Set when the policy has purposes: the section "What the work was for" (report/purpose_section.h).
    std::optional<std::vector<ReportPurpose>> purposes;
    std::vector<ReportSource> sources;
    std::string chain_head;
    std::optional<bool> chain_verified;  ///< nullopt = not checked
    std::string chain_message;
    std::vector<std::string> not_covered;  ///< statements of what the evidence cannot show
    ReportRbac rbac;  ///< C7: who could change queue policy (report/evidence_rbac.h)
    /// A report over several clusters of one store (no --cluster): the header (title, scope,
    /// period, command, not covered) is this object's, the rest one section per cluster, each a
    /// complete ReportData of that cluster with `cluster` set, in name order. Empty: one report.
    std::string cluster;
    std::vector<ReportData> cluster_sections;
};

enum class ReportFormat { html, markdown, json };

/// A wait as the report prints it ("n/a", "45s", "3m 5s", "1h 2m", "2d 4h").
std::string wait_text(std::optional<std::int64_t> seconds);

/// Nearest-rank percentile (p in 1..100) of `values`; nullopt when empty.
std::optional<std::int64_t> percentile(std::vector<std::int64_t> values, int p);

/// Layout texts: the built-in ones, or those in `dir` (report.html.mustache, report.md.mustache,
/// and partials *.mustache) where present, each read within the byte limits of `opt`. Error when
/// `dir` or a template cannot be read or a template exceeds a limit.
struct Templates {
    std::string html, markdown;
    std::vector<std::pair<std::string, std::string>> partials;
};
Templates builtin_templates();
model::Result<Templates> load_templates(const std::string& dir, const model::LoadOptions& opt = {});

/// Renders the report. Every string from the data is escaped for the format. Error when a
/// template fails to render, or when the report has cluster sections and a layout from
/// --templates does not render them (it would drop every cluster silently).
model::Result<void> render_evidence_report(std::ostream& out, const ReportData& data, ReportFormat f,
                                          const Templates& t);

/// Inline SVG charts (escaped; no scripts). Exposed for tests.
std::string svg_wait_chart(const std::vector<std::int64_t>& waits_seconds);
std::string svg_usage_chart(const std::vector<ReportUsagePoint>& usage, std::int64_t from, std::int64_t to,
                            const std::string& label);

}  // namespace kg::report
