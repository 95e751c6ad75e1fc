#include "audit/signature.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <memory>
#include <vector>

namespace kg::audit {

namespace {

struct PkeyFree {
    void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
struct MdCtxFree {
    void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
struct BioFree {
    void operator()(BIO* b) const { BIO_free(b); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

std::string openssl_error() {
    const unsigned long e = ERR_get_error();
    if (e == 0) return "unknown OpenSSL error";
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    ERR_clear_error();
    return buf;
}

// The key is read whole within the byte limits first: OpenSSL's PEM reader would scan a device
// or an endless stream for "-----BEGIN" forever.
model::Result<Pkey> read_key(const std::string& path, bool is_private, const model::LoadOptions& opt) {
    auto text = model::read_limited(path, opt);
    if (!text) return model::make_error("cannot read key " + path + ": " + text.error().message);
    std::unique_ptr<BIO, BioFree> bio(BIO_new_mem_buf(text->data(), static_cast<int>(std::min<std::size_t>(
                                                                         text->size(), INT_MAX))));
    if (!bio) return model::make_error("cannot read key " + path + ": " + openssl_error());
    EVP_PKEY* k = is_private ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr)
                             : PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr);
    if (!k)
        return model::make_error(path + ": expected a PEM " + (is_private ? "private" : "public") +
                                 " key (openssl genpkey -algorithm ed25519), found none: " + openssl_error());
    Pkey key(k);
    if (EVP_PKEY_id(k) != EVP_PKEY_ED25519)
        return model::make_error(path + ": expected an Ed25519 key, found another key type");
    return key;
}

std::string base64(const unsigned char* data, std::size_t n) {
    std::vector<unsigned char> out(4 * ((n + 2) / 3) + 1);
    const int len = EVP_EncodeBlock(out.data(), data, static_cast<int>(n));
    return std::string(reinterpret_cast<const char*>(out.data()), static_cast<std::size_t>(len));
}

bool unbase64(const std::string& text, std::vector<unsigned char>& out) {
    if (text.empty() || text.size() % 4 != 0) return false;
    out.resize(3 * text.size() / 4);
    const int len = EVP_DecodeBlock(out.data(), reinterpret_cast<const unsigned char*>(text.data()),
                                    static_cast<int>(text.size()));
    if (len < 0) return false;
    std::size_t pad = 0;
    if (text.ends_with("==")) pad = 2;
    else if (text.ends_with("=")) pad = 1;
    out.resize(static_cast<std::size_t>(len) - pad);
    return true;
}

}  // namespace

model::Result<Signature> sign_ed25519(const std::string& key_path, const std::string& message,
                                      const model::LoadOptions& opt) {
    auto key = read_key(key_path, true, opt);
    if (!key) return key.error();
    std::unique_ptr<EVP_MD_CTX, MdCtxFree> ctx(EVP_MD_CTX_new());
    std::size_t len = 0;
    // Ed25519 is one-shot: no digest (nullptr), EVP_DigestSign over the whole message.
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key->get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &len, reinterpret_cast<const unsigned char*>(message.data()),
                       message.size()) != 1)
        return model::make_error("cannot sign with " + key_path + ": " + openssl_error());
    std::vector<unsigned char> sig(len);
    if (EVP_DigestSign(ctx.get(), sig.data(), &len, reinterpret_cast<const unsigned char*>(message.data()),
                       message.size()) != 1)
        return model::make_error("cannot sign with " + key_path + ": " + openssl_error());
    Signature out;
    out.signature_b64 = base64(sig.data(), len);
    std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
    if (!bio || PEM_write_bio_PUBKEY(bio.get(), key->get()) != 1)
        return model::make_error("cannot write the public key of " + key_path + ": " + openssl_error());
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    out.public_key_pem.assign(data, static_cast<std::size_t>(n));
    return out;
}

model::Result<bool> verify_ed25519(const std::string& pub_path, const std::string& message,
                                   const std::string& signature_b64, const model::LoadOptions& opt) {
    auto key = read_key(pub_path, false, opt);
    if (!key) return key.error();
    std::vector<unsigned char> sig;
    if (!unbase64(signature_b64, sig)) return false;
    std::unique_ptr<EVP_MD_CTX, MdCtxFree> ctx(EVP_MD_CTX_new());
    if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key->get()) != 1)
        return model::make_error("cannot verify with " + pub_path + ": " + openssl_error());
    const int rc = EVP_DigestVerify(ctx.get(), sig.data(), sig.size(),
                                    reinterpret_cast<const unsigned char*>(message.data()), message.size());
    ERR_clear_error();
    return rc == 1;
}

}  // namespace kg::audit
