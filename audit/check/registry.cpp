// Every history rule, listed explicitly and sorted by id (like lint/registry.cpp).
#include "audit/check/rule.h"
#include "audit/check/rules/rules.h"

namespace kg::audit::check {

const std::vector<Rule>& registry() {
    static const std::vector<Rule> k_rules{
        {&rules::k_kq5001, rules::check_kq5001},
        {&rules::k_kq5002, rules::check_kq5002},
        {&rules::k_kq5003, rules::check_kq5003},
        {&rules::k_kq5004, rules::check_kq5004},
        {&rules::k_kq5005, rules::check_kq5005},
        {&rules::k_kq5006, rules::check_kq5006},
        {&rules::k_kq5007, rules::check_kq5007},
        {&rules::k_kq5008, rules::check_kq5008},
    };
    return k_rules;
}

const Rule* find_rule(std::string_view id) { return model::find_rule_by_id(registry(), id); }

}  // namespace kg::audit::check
