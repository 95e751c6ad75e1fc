#include "audit/sha256.h"

#include <openssl/evp.h>

#include <cstring>
#include <stdexcept>

namespace kg::audit {

// Small updates are staged in a buffer and handed to OpenSSL together: the chain feeds every
// column of every row as three updates of a few bytes each (type tag, length, value), and
// each EVP_DigestUpdate call costs more than hashing those bytes (issue 18: re-hashing a
// batch's rows was 7% of an ingest). The byte stream, and so the digest, is unchanged.
struct Sha256::Impl {
    EVP_MD_CTX* ctx = nullptr;
    static constexpr std::size_t k_stage = 4096;
    std::size_t staged = 0;
    unsigned char stage[k_stage];

    void flush() {
        if (staged != 0) EVP_DigestUpdate(ctx, stage, staged);
        staged = 0;
    }
};

Sha256::Sha256() : m(std::make_unique<Impl>()) {
    m->ctx = EVP_MD_CTX_new();
    if (m->ctx == nullptr || EVP_DigestInit_ex(m->ctx, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("sha256: cannot initialise OpenSSL digest");
}

Sha256::~Sha256() { EVP_MD_CTX_free(m->ctx); }

void Sha256::update(const void* data, std::size_t n) {
    Impl& s = *m;
    if (n > Impl::k_stage - s.staged) {
        s.flush();
        if (n >= Impl::k_stage) {  // large chunks (a file's bytes) go straight through
            EVP_DigestUpdate(s.ctx, data, n);
            return;
        }
    }
    std::memcpy(s.stage + s.staged, data, n);
    s.staged += n;
}
void Sha256::update(std::string_view bytes) { update(bytes.data(), bytes.size()); }

void Sha256::field(std::string_view bytes) {
    field(static_cast<std::int64_t>(bytes.size()));
    update(bytes);
}

void Sha256::field(std::int64_t value) {
    unsigned char b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(static_cast<std::uint64_t>(value) >> (56 - 8 * i));
    update(b, sizeof b);
}

std::string Sha256::hex() {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    m->flush();
    EVP_DigestFinal_ex(m->ctx, md, &n);
    EVP_DigestInit_ex(m->ctx, EVP_sha256(), nullptr);
    static const char* digits = "0123456789abcdef";
    std::string out(2 * n, '0');
    for (unsigned int i = 0; i < n; ++i) {
        out[2 * i] = digits[md[i] >> 4];
        out[2 * i + 1] = digits[md[i] & 15];
    }
    return out;
}

std::string sha256_hex(std::string_view bytes) {
    Sha256 h;
    h.update(bytes);
    return h.hex();
}

}  // namespace kg::audit
