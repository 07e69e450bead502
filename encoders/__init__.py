"""Translations of the solver-neutral model for each backend family; importing this package
registers every family with ``boardsat.core.backends``."""

from boardsat.core.backends import register
from boardsat.encoders.families import CpSatFamily, MipFamily, PysatFamily

for family in (CpSatFamily(), MipFamily(), PysatFamily()):
    register(family)
