// kubectl's scope flags (scope_flags.h).
#include "cli/scope_flags.h"

#include "model/selector_text.h"

#include <iostream>

namespace kg::cli {

void add_scope_flags(CLI::App& cmd, ScopeFlags& f, WithSelector sel) {
    CLI::Option* n = cmd.add_option("-n,--namespace", f.namespace_, "Only this namespace (default: all namespaces)");
    CLI::Option* a = cmd.add_flag("-A,--all-namespaces", f.all_namespaces, "Every namespace (the default offline)");
    n->excludes(a);
    a->excludes(n);
    if (sel == WithSelector::yes) {
        cmd.add_option("-l,--selector", f.selector,
                       "Label selector, as kubectl takes it: team=a,tier!=gpu, env in (prod,dev), !legacy");
    }
}

bool parse_scope_selector(const ScopeFlags& f, std::optional<model::LabelSelector>& out) {
    out.reset();
    if (f.selector.empty()) {
        return true;
    }
    auto s = model::parse_selector_text(f.selector);
    if (!s) {
        std::cerr << "kueuegov: error: -l: " << s.error().message << "\n";
        return false;
    }
    out = std::move(*s);
    return true;
}

}  // namespace kg::cli
