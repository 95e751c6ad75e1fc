// SHA-1 through OpenSSL's EVP interface; Workload names are short, so one call per name.
#include "model/jobs/sha1.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace kg::model::jobs {

std::string sha1_hex(std::string_view data) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (EVP_Digest(data.data(), data.size(), digest, &len, EVP_sha1(), nullptr) != 1) {
        throw std::runtime_error("sha1: OpenSSL digest failed");
    }
    static const char* k_hex = "0123456789abcdef";
    std::string out;
    out.reserve(2 * len);
    for (unsigned int i = 0; i < len; ++i) {
        out += k_hex[digest[i] >> 4];
        out += k_hex[digest[i] & 15];
    }
    return out;
}

}  // namespace kg::model::jobs
