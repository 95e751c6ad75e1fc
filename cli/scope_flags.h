// kubectl's scope flags, spelled as kubectl spells them: -n/--namespace, -A/--all-namespaces
// and -l/--selector. Offline the default is every namespace (there is no current context to
// take a namespace from), so -A is accepted for muscle memory and excludes -n.
#pragma once

#include "model/selector.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace kg::cli {

struct ScopeFlags {
    std::string namespace_;
    bool all_namespaces = false;
    std::string selector;
};

enum class WithSelector { yes, no };

/// Adds -n/--namespace and -A/--all-namespaces (mutually exclusive), and -l/--selector.
void add_scope_flags(CLI::App& cmd, ScopeFlags& f, WithSelector sel = WithSelector::yes);

/// The parsed -l selector (nullopt when not given). On a syntax error prints
/// `kueuegov: error: -l: ...` and returns false (the caller exits 2).
bool parse_scope_selector(const ScopeFlags& f, std::optional<model::LabelSelector>& out);

}  // namespace kg::cli
