"""Sistema de Retiro para Maestros (seed 000): rules, dated law, words, notes and golden cases."""
