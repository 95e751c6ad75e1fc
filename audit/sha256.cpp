#include "audit/sha256.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace kg::audit {

struct Sha256::Impl {
    EVP_MD_CTX* ctx = nullptr;
};

Sha256::Sha256() : m(std::make_unique<Impl>()) {
    m->ctx = EVP_MD_CTX_new();
    if (m->ctx == nullptr || EVP_DigestInit_ex(m->ctx, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("sha256: cannot initialise OpenSSL digest");
}

Sha256::~Sha256() { EVP_MD_CTX_free(m->ctx); }

void Sha256::update(const void* data, std::size_t n) { EVP_DigestUpdate(m->ctx, data, n); }
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
