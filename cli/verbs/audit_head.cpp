// `kueuegov audit head --db FILE` and `kueuegov audit sign --db FILE --key KEY.pem`: print the
// verified chain head as JSON, or sign it with Ed25519 and record the signature in the store.
// Keep either output outside the store; `audit verify --expect-head/--pubkey` checks it.
#include "audit/head.h"
#include "audit/signature.h"
#include "audit/store/store.h"
#include "cli/evidence_source.h"
#include "cli/load.h"
#include "cli/output_flag.h"
#include "cli/verbs/audit.h"
#include "report/head_render.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct HeadArgs {
    std::string db, key, out, format = "json";
};

/// Verifies the chain first: a head of a chain that does not verify proves nothing.
bool verified_head(const audit::EvidenceStore& store, audit::ChainHead& head) {
    const audit::ChainVerification v = store.verify();
    if (!v.intact) {
        std::cerr << "kueuegov: the chain of " << store.path() << " does not verify; no head is given:\n";
        for (const std::string& p : v.problems) std::cerr << "  " << p << "\n";
        return false;
    }
    head = audit::head_of(v);
    return true;
}

int write_out(const std::string& text, const std::string& out) {
    if (out.empty() || out == "-") {
        std::cout << text;
        return k_exit_ok;
    }
    std::ofstream f(out, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) {
        std::cerr << "kueuegov: error: cannot write " << out << "\n";
        return k_exit_usage;
    }
    return k_exit_ok;
}

int run_head(const HeadArgs& a) {
    if (!store_present(a.db)) return k_exit_usage;
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_only);
    audit::SignedHead h;
    if (!verified_head(store, h.head)) return k_exit_findings;
    return write_out(report::render_head_json(h), a.out);
}

int run_sign(const HeadArgs& a) {
    if (!store_present(a.db)) return k_exit_usage;
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_write);
    audit::SignedHead h;
    if (!verified_head(store, h.head)) return k_exit_findings;
    auto sig = audit::sign_ed25519(a.key, audit::head_message(h.head), input_load_options());
    if (!sig) {
        std::cerr << "kueuegov: error: " << sig.error().message << "\n";
        return k_exit_usage;
    }
    h.algorithm = "ed25519";
    h.public_key = sig->public_key_pem;
    h.signature = sig->signature_b64;
    store.add_signature(h);
    return write_out(report::render_head_json(h), a.out);
}

}  // namespace

Verb audit_head_subcommand() {
    return {"head", "Print the verified hash-chain head (sequence, hash, time, schema digest) as JSON",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<HeadArgs>();
                cmd.add_option("--db", a->db, "Evidence store: SQLite file or postgresql:// URL")->required();
                cmd.add_option("-o,--output", a->format, "Output format: json (the only one)")
                    ->check(deprecated_file_formats({"json"}));
                cmd.add_option("--output-file", a->out, "Write the head to this file (default stdout)");
                cmd.footer("Examples:\n"
                           "  kueuegov audit head --db evidence.db > head-2026-10-05.json\n"
                           "  kueuegov audit verify --db evidence.db --expect-head head-2026-10-05.json\n"
                           "Keep the head outside the store (a ticket, the report manifest, another system): it is\n"
                           "what proves later that the store was not rewritten or cut.\n"
                           "Exit status: 0 head printed; 1 the chain does not verify (no head); 2 the store cannot\n"
                           "be opened.");
                return [a] {
                    return settle_output_flag("audit head", a->format, a->out, {"json"}, "json") ? run_head(*a)
                                                                                                  : k_exit_usage;
                };
            }};
}

Verb audit_sign_subcommand() {
    return {"sign", "Sign the verified chain head with an Ed25519 key and record the signature in the store",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<HeadArgs>();
                add_input_limit_flags(cmd);
                cmd.add_option("--db", a->db, "Evidence store: SQLite file or postgresql:// URL")->required();
                cmd.add_option("--key", a->key, "Ed25519 private key, PEM (openssl genpkey -algorithm ed25519)")
                    ->required();
                cmd.add_option("-o,--output", a->format, "Output format: json (the only one)")
                    ->check(deprecated_file_formats({"json"}));
                cmd.add_option("--output-file", a->out, "Also write the signed head to this file (default stdout)");
                cmd.footer("Examples:\n"
                           "  openssl genpkey -algorithm ed25519 -out audit-key.pem\n"
                           "  openssl pkey -in audit-key.pem -pubout -out audit-pub.pem\n"
                           "  kueuegov audit sign --db evidence.db --key audit-key.pem --output-file head.signed.json\n"
                           "  kueuegov audit verify --db evidence.db --pubkey audit-pub.pem\n"
                           "Exit status: 0 signed; 1 the chain does not verify (nothing signed); 2 the store or the\n"
                           "key cannot be read.");
                return [a] {
                    return settle_output_flag("audit sign", a->format, a->out, {"json"}, "json") ? run_sign(*a)
                                                                                                  : k_exit_usage;
                };
            }};
}

}  // namespace kg::cli
