// Renderers for lint (and audit check) findings: text, JSON (a contract), SARIF
// 2.1.0 for GitHub code scanning, JUnit XML, GitHub workflow annotations, plus the
// rule catalogue (list and man page). All escaping for these formats lives here.
#pragma once

#include "model/cluster.h"
#include "model/finding.h"
#include "model/rule_info.h"
#include "model/source_pos.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace kg::report {

/// A rule as the catalogue and SARIF render it: its registry metadata (family, scope and
/// severity included) and its embedded Markdown docs.
struct RuleEntry {
    const model::RuleInfo* info;
    std::string_view doc;  ///< lint::rule_doc or audit::check::rule_doc; empty when missing
};

struct FindingsSummary {
    std::size_t files = 0;
    std::size_t objects = 0;
    std::size_t suppressed = 0;
    std::size_t baselined = 0;
    /// Text: prefix each message with its finding's cluster ("cluster eu: ..."), as audit check
    /// does when the store holds several clusters.
    bool show_cluster = false;
};

/// The finding's message as people read it (text line, SARIF message, Code Quality
/// description): "cluster NAME: message" when `with_cluster` and the finding has a cluster, else
/// the message. Unescaped: each format escapes it with its own function.
std::string finding_message(const model::Finding& f, bool with_cluster);

/// History findings' who and when, " (by ACTOR at TIME)" with either part left out when unknown,
/// "" when both are: the suffix of the Code Quality description and of audit check's JUnit text.
/// Unescaped (the text renderer escapes each part itself).
std::string actor_time_text(const model::Finding& f);

/// `file:line:col: severity: [KQ1234] message` per finding, then one summary line.
/// "line:col", or "line" when the finding has no column (history findings point at a whole
/// audit-log line).
std::string line_col_text(const model::SourcePos& pos);

void render_findings_text(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                          const FindingsSummary& sum);
/// {"findings": [...], "summary": {...}}; a finding's "cluster" only when it has one.
void render_findings_json(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                          const FindingsSummary& sum);
/// What a SARIF log says about the run beside its findings.
struct SarifRun {
    std::string version;  ///< kueuegov's
    /// runs[].automationDetails.id: "kueuegov/lint/" or "kueuegov/audit-check/". GitHub takes the
    /// part before the last '/' as the upload's category, so the two verbs' uploads of one commit
    /// are two analyses instead of one replacing the other. Empty: omitted.
    std::string automation_id = {};
    std::string cwd = {};  ///< absolute working directory: relative file names are relative to it
    /// --sarif-root (absolute): artifact URIs relative to it with uriBaseId SRCROOT, and the
    /// root in originalUriBaseIds. Empty: URIs relative to cwd, without uriBaseId.
    std::string root = {};
    /// Results' message text names the finding's cluster (audit check over several clusters).
    /// Every result with a cluster carries it in properties.cluster either way.
    bool cluster_in_message = false;
};

/// SARIF 2.1.0: tool.driver.rules (help from the rule docs, family tags, precision,
/// security-severity for security rules), results with regions and partialFingerprints.
void render_findings_sarif(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                           const std::vector<RuleEntry>& rules, const SarifRun& run);
/// JUnit XML as kubeconform writes it: one <testsuite> per input file, one <testcase> per object
/// (classname Kind@apiVersion, name namespace/name), passing when clean; a <failure> per finding
/// at or above `fail_at` (none when nullopt, --fail-on never), the findings below it in the
/// case's <system-out>. `seconds`, the run's wall time, is the <testsuites> time attribute.
void render_findings_junit(std::ostream& os, const model::Cluster& cluster, const std::vector<model::Finding>& fs,
                           std::optional<model::Severity> fail_at, double seconds);
/// What `audit check -o junit` reports beside its findings.
struct HistoryJunitRun {
    std::vector<std::string> clusters;  ///< every cluster checked, findings or not
    std::vector<RuleEntry> rules;       ///< the history rules that ran
    std::optional<model::Severity> fail_at;
    double seconds = 0;  ///< the run's wall time, the <testsuites> time attribute
};
/// JUnit XML for history findings: one <testsuite> per cluster (named after it), one <testcase>
/// per rule that ran (classname "cluster NAME"), a <failure> per finding of the cluster and rule
/// at or above `fail_at`, the others in the case's <system-out>.
void render_history_junit(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                          const HistoryJunitRun& run);
/// GitLab Code Quality: a JSON array of issues (description, check_name, fingerprint, severity
/// info/minor/major/critical/blocker, location.path relative to `cwd`, location.lines.begin).
/// The fingerprint is a SHA-256 of rule, object, field path (cluster) and occurrence: stable
/// across line moves, unique per issue. A finding's cluster is the "cluster" field and,
/// with `cluster_in_description`, starts its description.
void render_findings_codeclimate(std::ostream& os, const model::SourceFiles& files,
                                 const std::vector<model::Finding>& fs, const std::vector<RuleEntry>& rules,
                                 const std::string& cwd, bool cluster_in_description = false);
/// GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=...::message`.
void render_findings_github(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs);

/// `--list-rules`: one line per rule (id, severity, name, summary).
void render_rule_list_text(std::ostream& os, const std::vector<RuleEntry>& rules);
void render_rule_list_json(std::ostream& os, const std::vector<RuleEntry>& rules);
/// man/kueuegov-rules.7 (roff), from the same texts: lint's rules, then the history rules of
/// `audit check` (KQ5xxx) in their own section.
void render_rules_man(std::ostream& os, const std::vector<RuleEntry>& rules, const std::string& version,
                      const std::vector<RuleEntry>& history_rules = {});

}  // namespace kg::report
