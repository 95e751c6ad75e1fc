// Who an audit actor is, for the history rules: Kueue's own controller, a platform owner
// named by the policy, or anyone else. Identities as the audit log spells them
// (audit-evidence.md sections 1.1 and 2.1).
#pragma once

#include "model/policy.h"


#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kg::audit::check {

/// Kueue's controller manager: a ServiceAccount `system:serviceaccount:<ns>:<name>` whose name
/// contains "kueue" and ends in "controller-manager" (the default install's
/// kueue-system/kueue-controller-manager, or an install with another prefix).
bool is_kueue_identity(std::string_view user);

/// True when the policy names any platform owner (users, groups or ServiceAccounts).
bool has_platform_owners(const model::GovernancePolicy& p);

/// True when the identity that made the change is a platform owner. With impersonation the
/// effective identity is `impersonated` (its groups are not in the log, so only the user and
/// ServiceAccount lists can name it); otherwise the user or one of its groups.
bool is_platform_owner(const model::GovernancePolicy& p, const std::string& user,
                       const std::vector<std::string>& groups, const std::string& impersonated);

/// "alice@example.com", or "alice@example.com (as platform-bot)" for an impersonated request.
std::string describe_actor(const std::string& user, const std::string& impersonated);

/// The kinds whose changes the policy reserves to platform owners and which need a change record.
bool is_policy_kind(std::string_view kind);

/// A request's HTTP status says it was refused (>= 300).
inline bool refused(const std::optional<int>& code) { return code && *code >= 300; }

}  // namespace kg::audit::check
