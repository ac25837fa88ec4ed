# Warnings for every Tunebench target; TUNEBENCH_WERROR turns them into errors (ci preset).
add_library(tunebench_warnings INTERFACE)
target_compile_options(tunebench_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                     -Wnon-virtual-dtor -Wold-style-cast)
if(TUNEBENCH_WERROR)
    target_compile_options(tunebench_warnings INTERFACE -Werror)
endif()
# GCC 12 reports false -Wrestrict errors inside std::string concatenation at -O3 (GCC bug
# 105329, fixed in 13); keep the warning on newer compilers.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(tunebench_warnings INTERFACE -Wno-restrict)
endif()
