"""Builds tsume._tsume with the project's CMake for `pip install .` (see pyproject.toml).

The module is configured with the Python that runs pip and built without the tests and the
benchmarks; the compiled module is then put into the wheel's package folder."""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        source = os.path.dirname(os.path.abspath(__file__))
        build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        jobs = os.environ.get("TSUME_BUILD_JOBS", "2")
        subprocess.run(["cmake", "-S", source, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                        "-DTSUME_BUILD_TESTS=OFF", "-DTSUME_BUILD_BENCH=OFF",
                        "-DTSUME_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"],
                       check=True)
        subprocess.run(["cmake", "--build", build, "--target", "tsume_python", "--parallel",
                        jobs], check=True)
        built = os.path.join(build, "python", "tsume", os.path.basename(self.get_ext_filename(
            ext.name)))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)


setup(ext_modules=[Extension("tsume._tsume", sources=[])], cmdclass={"build_ext": CMakeBuild})
