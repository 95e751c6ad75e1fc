// Declarations of every history rule's metadata and check, so audit/check/registry.cpp
// can list them explicitly (and the definitions get external linkage).
#pragma once

#include "audit/check/rule.h"

namespace kg::audit::check::rules {

extern const RuleInfo k_kq5001;
void check_kq5001(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5002;
void check_kq5002(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5003;
void check_kq5003(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5004;
void check_kq5004(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5005;
void check_kq5005(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5006;
void check_kq5006(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5007;
void check_kq5007(const HistoryView& v, FindingSink& out);
extern const RuleInfo k_kq5008;
void check_kq5008(const HistoryView& v, FindingSink& out);

}  // namespace kg::audit::check::rules
