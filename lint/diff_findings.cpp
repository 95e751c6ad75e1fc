#include "lint/diff_findings.h"

#include "lint/engine.h"

#include <set>
#include <string>

namespace kg::lint {

namespace {

std::vector<Finding> lint_side(const Cluster& c) {
    model::GovernancePolicy policy;
    model::KueueConfig kueue = c.kueue_config.value_or(model::KueueConfig{});
    std::vector<model::Diagnostic> none;
    RuleContext cx{c, policy, kueue, none};
    return run_lint(cx, {}).findings;
}

}  // namespace

std::vector<Finding> findings_minus(const std::vector<Finding>& a, const std::vector<Finding>& b) {
    std::multiset<std::string> in_b;
    for (const Finding& f : b) in_b.insert(model::finding_fingerprint(f));
    std::vector<Finding> out;
    for (const Finding& f : a) {
        auto it = in_b.find(model::finding_fingerprint(f));
        if (it == in_b.end())
            out.push_back(f);
        else
            in_b.erase(it);
    }
    return out;
}

ClusterDiff diff_with_findings(const Cluster& base, const Cluster& head) {
    ClusterDiff d = diff_clusters(base, head);
    const std::vector<Finding> fb = lint_side(base), fa = lint_side(head);
    d.findings_introduced = findings_minus(fa, fb);
    d.findings_fixed = findings_minus(fb, fa);
    d.base_files = &base.files;
    d.head_files = &head.files;
    return d;
}

}  // namespace kg::lint
