// `kueuegov who-can`: for each governed action (rbac/governed_actions.h), the subjects that
// can do it and through which binding and role, from the RBAC objects among the inputs
// (issue 19). `--as USER [--as-group G]...` asks instead whether one identity can. --live,
// --context and --kubeconfig read the RBAC kinds and the queue objects through kubectl.
#include "cli/live/live_source.h"
#include "cli/load.h"
#include "cli/verbs.h"
#include "lint/governed_namespaces.h"
#include "report/escape.h"
#include "report/who_can_render.h"
#include "rbac/who_can.h"

#include <algorithm>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct WhoCanFlags {
    std::vector<std::string> paths;
    std::string output = "text";
    std::vector<std::string> actions, subjects, as_groups;
    std::string namespace_, as;
    LiveFlags live;
};

/// The identity the API server would see for `kubectl --as USER --as-group G`: the groups
/// given, plus system:authenticated, plus a service account's own groups.
rbac::Identity identity(const WhoCanFlags& fl) {
    rbac::Identity id{fl.as, fl.as_groups};
    const std::string sa_prefix = "system:serviceaccount:";
    if (fl.as.rfind(sa_prefix, 0) == 0) {
        const std::string rest = fl.as.substr(sa_prefix.size());
        if (std::size_t colon = rest.find(':'); colon != std::string::npos) {
            rbac::Identity sa = rbac::service_account(rest.substr(0, colon), rest.substr(colon + 1));
            id.groups.insert(id.groups.end(), sa.groups.begin(), sa.groups.end());
        }
    }
    if (fl.as != "system:anonymous") {
        id.groups.push_back("system:authenticated");
    }
    std::sort(id.groups.begin(), id.groups.end());
    id.groups.erase(std::unique(id.groups.begin(), id.groups.end()), id.groups.end());
    return id;
}

/// Says on stderr what the answer cannot see: no bindings at all, or bindings whose role is
/// not among the inputs (they grant nothing here, but may in the cluster).
void warn_gaps(const model::Cluster& c, const rbac::Authorizer& az) {
    if (c.role_bindings.empty()) {
        std::cerr << "kueuegov: warning: the inputs hold no ClusterRoleBinding or RoleBinding, so nobody is listed; "
                     "export them with `kubectl get clusterroles,clusterrolebindings,roles,rolebindings -A -o yaml`\n";
    }
    for (const model::RoleBinding* b : az.dangling()) {
        const model::SourcePos p = b->role_name.pos.known() ? b->role_name.pos : b->meta.doc_pos;
        std::cerr << c.files.name(p.file_id) << ":" << p.line << ":" << p.col << ": warning: "
                  << (b->cluster ? "ClusterRoleBinding " : "RoleBinding ") << report::escape_terminal(b->meta.key())
                  << " names " << report::escape_terminal(b->role_kind) << " " << report::escape_terminal(*b->role_name)
                  << ", which is not in the inputs: it grants nothing in this answer\n";
    }
}

int run(const WhoCanFlags& fl) {
    if (!fl.as_groups.empty() && fl.as.empty()) {
        std::cerr << "kueuegov: error: --as-group needs --as USER (the identity whose groups they are)\n";
        return k_exit_usage;
    }
    LoadedInput in;
    if (!load_sources(fl.paths, fl.live, LiveVerb::who_can, "who-can", in)) {
        return k_exit_usage;
    }
    rbac::Authorizer az(in.cluster);
    warn_gaps(in.cluster, az);
    rbac::WhoCanQuery q;
    q.actions = fl.actions;
    q.subjects = fl.subjects;
    q.namespace_ = fl.namespace_;
    if (!fl.as.empty()) {
        q.as = identity(fl);
    }
    // A Kueue Configuration among the inputs decides which unlabelled Jobs Kueue manages
    // (the bypass-queue action); without one the answer says what it assumed.
    const model::KueueConfig* kueue = in.cluster.kueue_config ? &*in.cluster.kueue_config : nullptr;
    std::vector<rbac::ActionAnswer> answers = rbac::who_can(az, lint::governed_namespaces(in.cluster, kueue), q);
    const report::WhoCanFormat f = fl.output == "json" ? report::WhoCanFormat::json
                                   : fl.output == "md" ? report::WhoCanFormat::md
                                                       : report::WhoCanFormat::text;
    report::render_who_can(std::cout, answers, q.as, in.cluster.files, f);
    if (in.diags.error_count()) {
        return k_exit_usage;
    }
    const bool any = std::any_of(answers.begin(), answers.end(), [](const rbac::ActionAnswer& a) { return !a.grants.empty(); });
    return q.as && !any ? k_exit_findings : k_exit_ok;
}

}  // namespace

Verb who_can_verb() {
    return {"who-can", "Show who can change queue policy, LocalQueues, admission, queue labels, or bypass the queues",
            [](CLI::App& cmd) -> VerbAction {
                auto fl = std::make_shared<WhoCanFlags>();
                add_filename_flags(cmd, fl->paths, false);
                add_live_flags(cmd, fl->live);
                std::vector<std::string> ids;
                for (const rbac::GovernedAction& a : rbac::governed_actions()) {
                    ids.push_back(a.id);
                }
                cmd.add_option("--action", fl->actions, "Only this governed action (repeatable)")
                    ->check(CLI::IsMember(ids));
                cmd.add_option("--subject", fl->subjects,
                               "Only this subject: NAME, or KIND:NAME with KIND User, Group or ServiceAccount "
                               "(a service account as NS:NAME). Repeatable");
                cmd.add_option("-n,--namespace", fl->namespace_,
                               "Only the namespaced actions, asked in this namespace");
                cmd.add_option("--as", fl->as, "Ask whether this user can (as kubectl --as)");
                cmd.add_option("--as-group", fl->as_groups, "A group of the --as user (repeatable)");
                cmd.add_option("-o,--output", fl->output, "Output format: text, json or md")
                    ->check(CLI::IsMember({"text", "json", "md"}));
                cmd.footer("Examples:\n"
                           "  kubectl get clusterroles,clusterrolebindings,roles,rolebindings -A -o yaml > rbac.yaml\n"
                           "  kueuegov who-can -f rbac.yaml -f queues/\n"
                           "  kueuegov who-can -f rbac.yaml -f queues/ --action change-clusterqueues -o md\n"
                           "  kueuegov who-can -f rbac.yaml -f queues/ -n team-a --subject Group:ml-researchers\n"
                           "  kueuegov who-can -f rbac.yaml -f queues/ --as bob --as-group ml-researchers\n"
                           "  kueuegov who-can --context prod --action patch-workload-status\n"
                           "  kueuegov who-can -f rbac.yaml -f queues/ -f kueue-manager-config.yaml --action bypass-queue\n"
                           "Exit status: 0 answered (with --as: the identity can do at least one of the actions);\n"
                           "1 with --as, the identity can do none of them; 2 usage error, unreadable or invalid input.");
                return [fl] { return run(*fl); };
            }};
}

}  // namespace kg::cli
