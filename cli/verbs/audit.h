// `kueuegov audit SUBCOMMAND`: the subcommands of the audit verb, one file each
// (audit_ingest.cpp, audit_verify.cpp, ...). Each has the shape of a verb; the
// table in audit.cpp lists them.
#pragma once

#include "cli/verb.h"

namespace kg::cli {

Verb audit_init_db_subcommand();
Verb audit_ingest_subcommand();
Verb audit_verify_subcommand();
Verb audit_check_subcommand();
Verb audit_timeline_subcommand();
Verb audit_head_subcommand();
Verb audit_sign_subcommand();

}  // namespace kg::cli
