// Identity classification for the history rules (identity.h).
#include "audit/check/identity.h"

#include <algorithm>

namespace kg::audit::check {

namespace {

constexpr std::string_view k_sa_prefix = "system:serviceaccount:";

bool contains(const std::vector<std::string>& v, std::string_view s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

/// "system:serviceaccount:ns:name" -> "ns:name" (the policy's serviceAccounts spelling), else "".
std::string_view service_account(std::string_view user) {
    return user.rfind(k_sa_prefix, 0) == 0 ? user.substr(k_sa_prefix.size()) : std::string_view();
}

bool names(const model::GovernancePolicy& p, std::string_view user) {
    if (contains(p.owner_users, user)) {
        return true;
    }
    std::string_view sa = service_account(user);
    return !sa.empty() && contains(p.owner_service_accounts, sa);
}

}  // namespace

bool is_kueue_identity(std::string_view user) {
    std::string_view sa = service_account(user);
    std::size_t colon = sa.find(':');
    if (colon == std::string_view::npos) {
        return false;
    }
    std::string_view name = sa.substr(colon + 1);
    constexpr std::string_view k_suffix = "controller-manager";
    return name.find("kueue") != std::string_view::npos && name.size() >= k_suffix.size() &&
           name.substr(name.size() - k_suffix.size()) == k_suffix;
}

bool has_platform_owners(const model::GovernancePolicy& p) {
    return !p.owner_users.empty() || !p.owner_groups.empty() || !p.owner_service_accounts.empty();
}

bool is_platform_owner(const model::GovernancePolicy& p, const std::string& user,
                       const std::vector<std::string>& groups, const std::string& impersonated) {
    if (!impersonated.empty()) {
        return names(p, impersonated);
    }
    if (names(p, user)) {
        return true;
    }
    return std::any_of(groups.begin(), groups.end(), [&](const std::string& g) { return contains(p.owner_groups, g); });
}

std::string describe_actor(const std::string& user, const std::string& impersonated) {
    std::string who = user.empty() ? "an unknown identity" : user;
    return impersonated.empty() ? who : who + " (as " + impersonated + ")";
}

bool is_policy_kind(std::string_view kind) {
    return kind == "ResourceFlavor" || kind == "ClusterQueue" || kind == "Cohort" || kind == "WorkloadPriorityClass" ||
           kind == "AdmissionCheck";
}

}  // namespace kg::audit::check
