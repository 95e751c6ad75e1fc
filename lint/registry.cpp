// Every lint rule, listed explicitly and sorted by id (as clang-tidy lists its
// checks): no static self-registration, so the linker cannot drop a rule silently.
#include "lint/rule.h"
#include "lint/rules/rules.h"

namespace kg::lint {

const std::vector<Rule>& registry() {
    static const std::vector<Rule> k_rules{
        {&rules::k_kq1000, rules::check_kq1000},
        {&rules::k_kq1001, rules::check_kq1001},
        {&rules::k_kq1002, rules::check_kq1002},
        {&rules::k_kq1003, rules::check_kq1003},
        {&rules::k_kq1004, rules::check_kq1004},
        {&rules::k_kq1005, rules::check_kq1005},
        {&rules::k_kq1006, rules::check_kq1006},
        {&rules::k_kq1007, rules::check_kq1007},
        {&rules::k_kq1008, rules::check_kq1008},
        {&rules::k_kq1009, rules::check_kq1009},
        {&rules::k_kq1010, rules::check_kq1010},
        {&rules::k_kq1011, rules::check_kq1011},
        {&rules::k_kq1012, rules::check_kq1012},
        {&rules::k_kq1013, rules::check_kq1013},
        {&rules::k_kq1014, rules::check_kq1014},
        {&rules::k_kq1015, rules::check_kq1015},
        {&rules::k_kq1016, rules::check_kq1016},
        {&rules::k_kq1017, rules::check_kq1017},
        {&rules::k_kq1018, rules::check_kq1018},
        {&rules::k_kq1019, rules::check_kq1019},
        {&rules::k_kq1020, rules::check_kq1020},
        {&rules::k_kq1021, rules::check_kq1021},
        {&rules::k_kq1022, rules::check_kq1022},
        {&rules::k_kq1023, rules::check_kq1023},
        {&rules::k_kq2001, rules::check_kq2001},
        {&rules::k_kq2002, rules::check_kq2002},
        {&rules::k_kq2003, rules::check_kq2003},
        {&rules::k_kq2004, rules::check_kq2004},
        {&rules::k_kq2005, rules::check_kq2005},
        {&rules::k_kq2006, rules::check_kq2006},
        {&rules::k_kq2007, rules::check_kq2007},
        {&rules::k_kq2008, rules::check_kq2008},
        {&rules::k_kq2009, rules::check_kq2009},
        {&rules::k_kq2010, rules::check_kq2010},
        {&rules::k_kq2011, rules::check_kq2011},
        {&rules::k_kq2012, rules::check_kq2012},
        {&rules::k_kq2013, rules::check_kq2013},
        {&rules::k_kq2014, rules::check_kq2014},
        {&rules::k_kq3001, rules::check_kq3001},
        {&rules::k_kq3002, rules::check_kq3002},
        {&rules::k_kq3003, rules::check_kq3003},
        {&rules::k_kq3004, rules::check_kq3004},
        {&rules::k_kq3005, rules::check_kq3005},
        {&rules::k_kq3006, rules::check_kq3006},
        {&rules::k_kq3007, rules::check_kq3007},
        {&rules::k_kq3008, rules::check_kq3008},
        {&rules::k_kq3009, rules::check_kq3009},
        {&rules::k_kq3010, rules::check_kq3010},
        {&rules::k_kq3020, rules::check_kq3020},
        {&rules::k_kq3021, rules::check_kq3021},
        {&rules::k_kq3022, rules::check_kq3022},
        {&rules::k_kq3023, rules::check_kq3023},
        {&rules::k_kq4001, rules::check_kq4001},
        {&rules::k_kq4002, rules::check_kq4002},
        {&rules::k_kq4003, rules::check_kq4003},
        {&rules::k_kq4004, rules::check_kq4004},
        {&rules::k_kq4005, rules::check_kq4005},
        {&rules::k_kq4006, rules::check_kq4006},
    };
    return k_rules;
}

const Rule* find_rule(std::string_view id) { return model::find_rule_by_id(registry(), id); }

}  // namespace kg::lint
