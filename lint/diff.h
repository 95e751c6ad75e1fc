// What a queue change does, for review: queue objects (Cohort, ClusterQueue, LocalQueue,
// ResourceFlavor, WorkloadPriorityClass) added, removed and changed
// (field by field), and per ClusterQueue and per cohort the quota delta by flavor
// and resource. Pure: `kueuegov diff` renders it (report/diff_render.h) with the lint findings.
#pragma once

#include "model/amount.h"
#include "model/cluster.h"
#include "model/finding.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::lint {

using model::Cluster;
using model::ClusterQueue;
using model::Cohort;
using model::Finding;
using model::LocalQueue;
using model::Quantity;
using model::ResourceFlavor;
using model::SourceFiles;
using model::WorkloadPriorityClass;

// Named *Delta, not *Change: audit/history.h's FieldChange/ObjectChange are the audit store's
// writes (actor, time), a different thing.
struct FieldDelta {
    std::string path;  ///< Kueue field path, e.g. spec.resourceGroups[0].flavors[h100].resources[cpu].nominalQuota
    std::string before;  ///< "" when added
    std::string after;   ///< "" when removed
};

enum class ChangeKind { added, removed, changed };

struct ObjectDelta {
    ChangeKind change = ChangeKind::changed;
    std::string kind;
    std::string namespace_;
    std::string name;
    std::vector<FieldDelta> fields;  ///< for `changed` (and every field for added/removed)
};

/// One quota (nominal, borrowing or lending) of one (flavor, resource), before and after.
struct QuotaDelta {
    std::string owner;  ///< ClusterQueue or cohort name
    std::string flavor;
    std::string resource;
    std::optional<Quantity> nominal_before, nominal_after;
    std::optional<Quantity> borrowing_before, borrowing_after;  ///< nullopt = no limit
    std::optional<Quantity> lending_before, lending_after;      ///< nullopt = no limit
    /// after - before of nominal quota (absent counts as 0).
    Quantity nominal_delta;
    /// ClusterQueues only (sim/capacity.h): the nominal quota no other queue can borrow, and
    /// the most the queue can reach; nullopt when the side lacks the queue or the quota.
    std::optional<model::Amount> guaranteed_before, guaranteed_after;
    std::optional<model::Amount> ceiling_before, ceiling_after;
    /// after - before of guaranteed (absent counts as 0), in Kueue's units (cpu in milli):
    /// what the team can count on, so a nominal 16 -> 8 with lendingLimit 8 -> 4 is -4.
    model::Amount guaranteed_delta;
};

/// A field change the API server rejects on update (the field is immutable), so the
/// change cannot be applied in place: the object must be deleted and re-created.
struct ImmutableChange {
    std::string kind, namespace_, name;
    std::string path;
    std::string before, after;
    std::string rule;  ///< Kueue's message, e.g. "field is immutable"
};

struct ClusterDiff {
    std::vector<ObjectDelta> objects;           ///< sorted by kind, namespace, name
    std::vector<QuotaDelta> cluster_queue_quota;  ///< only rows where something changed
    /// Per cohort: subtree nominal (members + own quota) and the cohort's own borrowing and
    /// lending limits; changed rows only.
    std::vector<QuotaDelta> cohort_quota;
    /// Lint findings of HEAD not in BASE, and of BASE not in HEAD (by fingerprint); filled by
    /// diff_with_findings (lint/diff_findings.h). `file` names in them refer to their own side.
    std::vector<Finding> findings_introduced, findings_fixed;
    /// Changes to immutable fields: LocalQueue spec.clusterQueue, a ResourceFlavor's
    /// spec.topologyName once set (kueue-validation.md, update rules).
    std::vector<ImmutableChange> immutable;
    /// Files of each side, for naming the findings' positions.
    const SourceFiles* base_files = nullptr;
    const SourceFiles* head_files = nullptr;
    bool empty() const {
        return objects.empty() && cluster_queue_quota.empty() && cohort_quota.empty() && immutable.empty() &&
               findings_introduced.empty() &&
               findings_fixed.empty();
    }
};

ClusterDiff diff_clusters(const Cluster& base, const Cluster& head);

/// The decision-relevant fields of each queue kind as path -> value (used by the diff, and
/// handy for golden tests).
std::map<std::string, std::string> flatten(const ClusterQueue& cq);
std::map<std::string, std::string> flatten(const Cohort& c);
std::map<std::string, std::string> flatten(const ResourceFlavor& rf);
std::map<std::string, std::string> flatten(const LocalQueue& lq);
std::map<std::string, std::string> flatten(const WorkloadPriorityClass& w);

}  // namespace kg::lint
