// A lint or audit finding: data, never an error. Shared by lint/ (produces them),
// audit/ (history checks) and report/ (renders them), so it lives in model/.
#pragma once

#include "model/diagnostic.h"
#include "model/source_pos.h"

#include <string>
#include <vector>

namespace kg::model {

/// The object a finding is about (kind/namespace/name); namespace empty for cluster-scoped.
struct ObjectRef {
    std::string kind;
    std::string namespace_;
    std::string name;
    friend bool operator==(const ObjectRef&, const ObjectRef&) = default;
};

/// Another place that explains the finding (the missing target's reference, the peer CQ).
struct RelatedPos {
    SourcePos pos;
    std::string message;
};

struct Finding {
    std::string rule;   ///< "KQ3101"
    std::string name;   ///< "cohort-spans-trust-domains"
    Severity severity = Severity::warning;
    std::string message;  ///< lower-case start, no final period, names the object
    SourcePos pos;        ///< the value that is wrong, or the key that should hold it
    std::string path;     ///< Kueue field path: spec.resourceGroups[0].flavors[1].name
    ObjectRef object;
    std::vector<RelatedPos> related;
    std::string hint;
    /// History findings (audit check): who made the request and when (RFC 3339). Empty for lint;
    /// the renderers print them only when set.
    std::string actor;
    std::string time;
    /// History findings: the cluster of the evidence store they concern (issue 15); empty for
    /// lint. Machine formats always carry it; text names it when the store holds several.
    std::string cluster;
};

/// The cluster of evidence ingested without --cluster (the store's default; audit's
/// store::k_default_cluster is this name).
inline constexpr const char* k_default_cluster = "default";

/// A finding's identity across edits: rule, object and field path, never the line, plus the
/// cluster when set and named (one rule on one object in two clusters is two findings; the
/// default cluster adds nothing, so a one-cluster store keeps the fingerprints its CI's code
/// scanning already tracks) (tab-separated).
/// Baselines and SARIF partialFingerprints use it.
std::string finding_fingerprint(const Finding& f);

/// Orders findings by file, line, column, rule, then message (deterministic output).
bool finding_less(const Finding& a, const Finding& b);

}  // namespace kg::model
