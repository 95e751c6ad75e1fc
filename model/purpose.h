// What each workload is for (issue 19 item 5): the policy file maps LocalQueues, labels and
// namespaces to a purpose, and ONE resolver turns a workload into its purpose, so inspect,
// report, chargeback and lint never disagree. Spec: /work/shared/design/policy.md "purposes".
#pragma once

#include "model/selector.h"
#include "model/source_pos.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kg::model {

class Cluster;
struct Job;
struct Workload;

/// The purposes every policy may name without declaring them (issue 19's list).
const std::vector<std::string_view>& builtin_purposes();

/// One `purposes:` entry. Any of its three matchers may be given; each takes part at its own
/// precedence level (see resolve_purpose).
struct PurposeMapping {
    Located<std::string> purpose;
    std::vector<Located<std::string>> local_queues;  ///< "namespace/name"
    std::optional<LabelSelector> selector;           ///< matched against the workload's (or its Job's) labels
    std::vector<Located<std::string>> namespaces;
    SourcePos pos;
};

struct PurposePolicy {
    std::vector<std::string> custom;        ///< customPurposes: the user's own names
    std::vector<PurposeMapping> mappings;   ///< as written
    bool empty() const { return mappings.empty(); }
};

/// Which matcher decided.
enum class PurposeBy { local_queue, label, namespace_ };
std::string_view purpose_by_name(PurposeBy b);  ///< "localQueue", "label", "namespace"

struct PurposeMatch {
    std::string purpose;
    PurposeBy by = PurposeBy::namespace_;
    SourcePos pos;  ///< the policy entry that decided
};

/// What the resolver looks at. `labels` is null when the source does not record labels (the
/// evidence store keeps no workload labels): label mappings are then not consulted.
struct PurposeQuery {
    std::string_view namespace_;
    std::string_view local_queue;  ///< "" = the workload names no LocalQueue
    const Labels* labels = nullptr;
};

/// The purpose of one workload, or none. Precedence, fixed and documented in policy.md:
/// a LocalQueue mapping beats a label mapping beats a namespace mapping (the most specific
/// statement of intent wins: a LocalQueue is created for one kind of work, a label is set per
/// job, a namespace is shared); within one level the first entry in file order wins. Pure.
std::optional<PurposeMatch> resolve_purpose(const PurposePolicy& p, const PurposeQuery& q);

/// resolve_purpose for a Workload: its namespace, spec.queueName and labels. Users label the
/// Job they write and Kueue copies no labels to the Workload by default, so the labels are
/// those of its Job when `c` holds it (a Workload derived from a Job, or one whose
/// ownerReferences name a Job of the inputs), else the Workload's own.
std::optional<PurposeMatch> purpose_of(const PurposePolicy& p, const Cluster& c, const Workload& wl);
/// resolve_purpose for a Job (or other integrated kind): its namespace, queue-name label, labels.
std::optional<PurposeMatch> purpose_of(const PurposePolicy& p, const Job& job);

/// The row label of work that maps to no purpose, in every table that groups by purpose.
inline constexpr std::string_view k_no_purpose = "__none__";

}  // namespace kg::model
