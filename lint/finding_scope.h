// kubectl's -n/-l for lint: which findings a scoped run reports. The whole input is still loaded
// and every rule still runs over it (a LocalQueue in team-a is judged against the ClusterQueue,
// flavors and cohorts it reaches, which are cluster-scoped and in no namespace); only the
// findings are narrowed to the objects in scope, as `kubectl get -n NS -l SEL` narrows a listing.
#pragma once

#include "model/cluster.h"
#include "model/finding.h"
#include "model/selector.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace kg::lint {

struct FindingScope {
    std::string namespace_;                        ///< "" = every namespace
    std::optional<model::LabelSelector> selector;  ///< nullopt = no -l

    bool active() const { return !namespace_.empty() || selector.has_value(); }
};

/// Whether a finding is about an object in scope:
/// - -n NS keeps objects whose metadata.namespace is NS, and the Namespace object NS itself;
///   cluster-scoped objects (ClusterQueue, ResourceFlavor, Cohort, ...) are in no namespace and
///   so out of scope.
/// - -l SEL keeps objects whose labels (as loaded) match SEL.
/// A finding about no object (an input that could not be read, KQ1000 on a file) is always in
/// scope: a scoped run must not hide that part of its input was unreadable.
class FindingScoper {
public:
    FindingScoper(const model::Cluster& cluster, const FindingScope& scope);
    bool in_scope(const model::Finding& f) const;

private:
    const FindingScope& m_scope;
    /// (kind, namespace, name) -> the object's metadata, built once (the last definition wins,
    /// as in lint::applied_view).
    std::map<std::tuple<std::string, std::string, std::string>, const model::ObjectMeta*> m_meta;
};

}  // namespace kg::lint
