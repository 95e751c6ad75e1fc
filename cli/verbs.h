// Every verb's constructor, one per file under cli/verbs/.
#pragma once

#include "cli/verb.h"

namespace kg::cli {

Verb audit_verb();
Verb chargeback_verb();
Verb complete_verb();
Verb completion_verb();
Verb diff_verb();
Verb explain_verb();
Verb export_command_verb();
Verb inspect_verb();
Verb lint_verb();
Verb report_verb();
Verb simulate_verb();
Verb replay_verb();
Verb version_verb();
Verb who_can_verb();

}  // namespace kg::cli
