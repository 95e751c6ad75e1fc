// The cluster's RBAC as the evidence shows it at one instant: the last captured version of
// each ClusterRole, ClusterRoleBinding, Role and RoleBinding before it, loaded as the model's
// RBAC objects so rbac/ (the one authorizer) can be asked what anyone could do then. Used by
// KQ5008 (who could vs who did) and the evidence report's RBAC section (C7).
#pragma once

#include "audit/history.h"
#include "model/cluster.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kg::audit::check {

struct RbacState {
    model::Cluster cluster;  ///< only the RBAC objects in force
    /// False when no RBAC version precedes the instant: nothing is known, not "nobody can".
    bool known = false;
    /// Objects whose last version before the instant had no body (Metadata-level log): the
    /// previous body is used, and the answer may be stale for them.
    std::size_t stale = 0;
    /// Stored bodies the loader refused (counted, never dropped silently).
    std::size_t unreadable = 0;
};

/// The RBAC in force just before `at_us` (versions with ts_us < at_us), from `versions` ordered
/// by time (audit::query::rbac_versions). Deleted objects are gone.
std::unique_ptr<RbacState> rbac_at(const std::vector<audit::RbacVersion>& versions, std::int64_t at_us);

/// "ClusterRoleBinding "x"" or "RoleBinding "ns/x"".
std::string describe_rbac(const std::string& kind, const std::string& namespace_, const std::string& name);

}  // namespace kg::audit::check
