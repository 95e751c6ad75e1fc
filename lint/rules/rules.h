// Declarations of every rule's metadata and check, so lint/registry.cpp can list
// them explicitly (and the definitions get external linkage).
#pragma once

#include "lint/rule.h"

namespace kg::lint::rules {

extern const RuleInfo k_kq1000;
void check_kq1000(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1001;
void check_kq1001(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1002;
void check_kq1002(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1003;
void check_kq1003(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1004;
void check_kq1004(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1005;
void check_kq1005(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1006;
void check_kq1006(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1007;
void check_kq1007(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1008;
void check_kq1008(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1009;
void check_kq1009(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1010;
void check_kq1010(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1011;
void check_kq1011(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1012;
void check_kq1012(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1013;
void check_kq1013(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1014;
void check_kq1014(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1015;
void check_kq1015(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1016;
void check_kq1016(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1017;
void check_kq1017(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1018;
void check_kq1018(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1019;
void check_kq1019(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1020;
void check_kq1020(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1021;
void check_kq1021(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1022;
void check_kq1022(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq1023;
void check_kq1023(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2001;
void check_kq2001(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2002;
void check_kq2002(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2003;
void check_kq2003(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2004;
void check_kq2004(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2005;
void check_kq2005(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2006;
void check_kq2006(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2007;
void check_kq2007(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2008;
void check_kq2008(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2009;
void check_kq2009(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq2010;
void check_kq2010(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3001;
void check_kq3001(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3002;
void check_kq3002(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3003;
void check_kq3003(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3004;
void check_kq3004(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3005;
void check_kq3005(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3006;
void check_kq3006(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3007;
void check_kq3007(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3008;
void check_kq3008(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq3009;
void check_kq3009(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq4001;
void check_kq4001(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq4002;
void check_kq4002(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq4003;
void check_kq4003(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq4004;
void check_kq4004(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq4005;
void check_kq4005(const RuleContext& cx, FindingSink& out);
extern const RuleInfo k_kq4006;
void check_kq4006(const RuleContext& cx, FindingSink& out);

}  // namespace kg::lint::rules
