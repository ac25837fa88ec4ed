# Triton kernels (issue 36) compile in a helper process, tunebench_triton.py, that runs in the
# virtual environment packaging/install-triton.sh makes. The helper is copied into the build
# tree and installed at share/tunebench/triton/: a worker finds it at ../share/tunebench/triton/
# beside its own bin/.
# Its module tunebench_triton_key.py lies beside it, wherever it goes.
set(TUNEBENCH_TRITON_HELPER ${CMAKE_BINARY_DIR}/share/tunebench/triton/tunebench_triton.py)
foreach(module tunebench_triton tunebench_triton_key)
    set(source ${PROJECT_SOURCE_DIR}/engine/backend/triton/python/${module}.py)
    configure_file(${source} ${CMAKE_BINARY_DIR}/share/tunebench/triton/${module}.py COPYONLY)
    install(FILES ${source} DESTINATION share/tunebench/triton)
endforeach()

# The environment's Python: install-triton.sh's default place, as it computes it.
if(DEFINED ENV{TUNEBENCH_TRITON_VENV})
    set(tunebench_triton_venv $ENV{TUNEBENCH_TRITON_VENV})
elseif(DEFINED ENV{XDG_CACHE_HOME})
    set(tunebench_triton_venv $ENV{XDG_CACHE_HOME}/tunebench/triton-3.6.0)
else()
    set(tunebench_triton_venv $ENV{HOME}/.cache/tunebench/triton-3.6.0)
endif()
set(TUNEBENCH_TRITON_PYTHON ${tunebench_triton_venv}/bin/python
    CACHE FILEPATH "Python of the Triton environment (bash packaging/install-triton.sh makes it)")
option(TUNEBENCH_REQUIRE_TRITON "Fail the configure step when the Triton environment is missing"
    OFF)

if(EXISTS ${TUNEBENCH_TRITON_PYTHON})
    set(TUNEBENCH_HAVE_TRITON ON)
    message(STATUS "Tunebench: Triton environment ${TUNEBENCH_TRITON_PYTHON}")
elseif(TUNEBENCH_REQUIRE_TRITON)
    message(FATAL_ERROR "Tunebench: no Triton environment at ${TUNEBENCH_TRITON_PYTHON}. "
        "Make it with: bash packaging/install-triton.sh (or set TUNEBENCH_TRITON_PYTHON).")
else()
    set(TUNEBENCH_HAVE_TRITON OFF)
    message(STATUS "Tunebench: no Triton environment at ${TUNEBENCH_TRITON_PYTHON}; Triton "
        "kernels and their tests need it: bash packaging/install-triton.sh")
endif()
