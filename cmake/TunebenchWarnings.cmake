# Warnings for every Tunebench target; TUNEBENCH_WERROR turns them into errors (ci preset).
add_library(tunebench_warnings INTERFACE)
target_compile_options(tunebench_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                     -Wnon-virtual-dtor -Wold-style-cast)
if(TUNEBENCH_WERROR)
    target_compile_options(tunebench_warnings INTERFACE -Werror)
endif()
