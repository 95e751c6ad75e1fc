// Which Kubernetes kinds give Kueue evidence, and as what: queue policy, Workloads, the job
// kinds Kueue integrates, events and namespaces. Internal to audit/ingest.
#pragma once

#include <string>
#include <string_view>

namespace kg::audit::ingest {

/// `rbac`: the RBAC objects that say who could change queue policy; stored like the policy
/// objects (object_versions), read back apart from them (audit/store/queries.h rbac_versions).
enum class Target { none, policy, rbac, workload, job, event, namespace_ };

struct Classified {
    Target target = Target::none;
    std::string kind;
};

/// By the audit event's objectRef (API group and resource).
Classified classify_resource(std::string_view group, std::string_view resource);
/// By an exported object's apiVersion and kind.
Classified classify_kind(std::string_view api_version, std::string_view kind);
/// "batch" of "batch/v1"; "" for the core group ("v1").
std::string group_of(std::string_view api_version);

}  // namespace kg::audit::ingest
