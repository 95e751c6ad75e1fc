// The evidence report's RBAC section (audit-evidence.md control C7): who could change queue
// policy at the start and at the end of the period, as the stored RBAC versions say, and the
// RBAC writes in between. The grants are asked of rbac/ (who_can over the queue-policy
// actions of rbac/governed_actions.h), as `kueuegov who-can` asks them.
#pragma once

#include "audit/history.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit::effects {

/// One subject that can change queue policy through one binding and role.
struct RbacGrantLine {
    std::string subject;  ///< "User alice", "Group platform-admins", "ServiceAccount ns/name"
    std::string binding;  ///< "ClusterRoleBinding x"
    std::string role;     ///< "ClusterRole y"
    std::string actions;  ///< the queue-policy action ids it allows, ", "-separated
    /// At the end: "added" when the start did not have this (subject, binding, role, actions);
    /// at the start: "removed" when the end does not. "" when unchanged or unknown.
    std::string since_start;
};

/// RBAC as it stood at one instant.
struct RbacPoint {
    std::int64_t at_us = 0;
    bool known = false;        ///< some RBAC version precedes the instant
    std::size_t stale = 0;     ///< objects whose last write had no logged body
    std::vector<RbacGrantLine> grants;
};

/// One RBAC write (audit log) during the period.
struct RbacChangeLine {
    std::string time, actor, verb, object, evidence;
    bool body = true;  ///< false: Metadata level, what changed is not known
};

struct RbacSection {
    bool any_evidence = false;  ///< the store holds RBAC versions at all
    RbacPoint start, end;
    std::vector<RbacChangeLine> changes;
};

/// The section for the period [from_us, to_us) from `versions` ordered by time.
RbacSection rbac_section(const std::vector<audit::RbacVersion>& versions, std::int64_t from_us, std::int64_t to_us);

}  // namespace kg::audit::effects
